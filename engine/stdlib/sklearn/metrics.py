# sklearn.metrics for Kiln: the classification scores tutorials print (accuracy_score, confusion_matrix,
# precision / recall / F-beta with scikit-learn 1.9's averages and zero_division, classification_report's
# text table, balanced_accuracy_score as point-cloud classifiers report it) and the regression errors (mean_squared_error, mean_absolute_error, r2_score). Labels may be
# numbers or strings (sorted as np.unique sorts them); multilabel indicator targets, ranking and curve
# metrics (roc_auc_score, ...) are left out.
import warnings

import numpy as np


class UndefinedMetricWarning(UserWarning):
    pass


def _flat(y):
    if hasattr(y, "detach"):
        y = y.detach().cpu().numpy()
    a = np.asarray(y)
    if a.ndim == 2 and a.shape[1] == 1:
        a = a.ravel()
    if a.ndim != 1:
        raise ValueError("Classification metrics can't handle a mix of multilabel-indicator and binary targets"
                         if a.ndim == 2 else f"y should be a 1d array, got an array of shape {a.shape} instead.")
    return a


def _targets(y_true, y_pred):
    t, p = _flat(y_true), _flat(y_pred)
    if len(t) != len(p):
        raise ValueError("Found input variables with inconsistent numbers of samples: [%d, %d]" % (len(t), len(p)))
    kt, kp = t.dtype.kind, p.dtype.kind
    if kt == "f" and np.any(t != np.round(t)) or kp == "f" and np.any(p != np.round(p)):
        raise ValueError("Classification metrics can't handle a mix of binary and continuous targets")
    return t, p


def _labels(t, p):
    return np.unique(np.concatenate([t, p])) if t.dtype.kind != "U" and p.dtype.kind != "U" else \
        np.array(sorted(set(t.tolist()) | set(p.tolist())))


def accuracy_score(y_true, y_pred, *, normalize=True, sample_weight=None):
    t, p = _targets(y_true, y_pred)
    score = t == p
    if sample_weight is not None:
        w = np.asarray(sample_weight, dtype=np.float64)
        return float(np.sum(score * w) / np.sum(w)) if normalize else float(np.dot(score, w))
    return float(np.average(score)) if normalize else float(np.sum(score))


def balanced_accuracy_score(y_true, y_pred, *, sample_weight=None, adjusted=False):
    # scikit-learn's: the mean per-class recall over the classes present in y_true (with its warning
    # when y_pred has others), optionally adjusted for chance
    C = confusion_matrix(y_true, y_pred, sample_weight=sample_weight)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = np.diag(C) / C.sum(axis=1)
    if np.any(np.isnan(per_class)):
        warnings.warn("y_pred contains classes not in y_true")
        per_class = per_class[~np.isnan(per_class)]
    score = np.mean(per_class)
    if adjusted:
        n_classes = len(per_class)
        chance = 1 / n_classes
        score -= chance
        score /= 1 - chance
    return float(score)


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None, normalize=None):
    t, p = _targets(y_true, y_pred)
    labels = _labels(t, p) if labels is None else np.asarray(labels)
    n = labels.size
    if n == 0:
        raise ValueError("'labels' should contains at least one label.")
    index = {v: i for i, v in enumerate(labels.tolist())}
    ti = np.array([index.get(v, n + 1) for v in t.tolist()], dtype=np.int64)
    pi = np.array([index.get(v, n + 1) for v in p.tolist()], dtype=np.int64)
    keep = np.logical_and(ti < n, pi < n)
    w = np.ones(len(t), dtype=np.int64) if sample_weight is None else np.asarray(sample_weight)
    cm = np.bincount(ti[keep] * n + pi[keep], weights=None if sample_weight is None else w[keep], minlength=n * n)
    cm = cm.reshape(n, n)
    if sample_weight is None:
        cm = cm.astype(np.int64)
    if normalize == "true":
        cm = np.nan_to_num(cm / cm.sum(axis=1, keepdims=True))
    elif normalize == "pred":
        cm = np.nan_to_num(cm / cm.sum(axis=0, keepdims=True))
    elif normalize == "all":
        cm = np.nan_to_num(cm / cm.sum())
    return cm


def _divide(num, den, metric, modifier, average, zero_division):
    mask = den == 0.0
    den = den.astype(np.float64)
    den[mask] = 1
    result = num / den
    if not np.any(mask):
        return result
    value = np.nan if zero_division == "np.nan" or (isinstance(zero_division, float) and np.isnan(zero_division)) \
        else (0.0 if zero_division == "warn" else float(zero_division))
    result[mask] = value
    if zero_division == "warn":
        # _warn_prf's UndefinedMetricWarning
        axis0, axis1 = ("label", "sample") if average == "samples" else ("sample", "label")
        where = "due to" if len(result) == 1 else f"in {axis1}s with"
        warnings.warn(f"{metric.title()} is ill-defined and being set to 0.0 {where} no {modifier} {axis0}s. Use "
                      "`zero_division` parameter to control this behavior.", UndefinedMetricWarning, stacklevel=4)
    return result


def _nanaverage(a, weights=None):
    if len(a) == 0:
        return np.nan
    mask = np.isnan(a)
    if mask.all():
        return np.nan
    if weights is None:
        return np.average(a[~mask])
    w = np.asarray(weights)[~mask]
    if np.sum(w) == 0:
        return np.average(a[~mask])
    return np.average(a[~mask], weights=w)


def precision_recall_fscore_support(y_true, y_pred, *, beta=1.0, labels=None, pos_label=1, average=None,
                                    warn_for=("precision", "recall", "f-score"), sample_weight=None,
                                    zero_division="warn"):
    t, p = _targets(y_true, y_pred)
    present = _labels(t, p)
    if average == "binary":
        if len(present) > 2:
            raise ValueError("Target is multiclass but average='binary'. Please choose another average setting, one "
                             "of [None, 'micro', 'macro', 'weighted'].")
        if pos_label not in present.tolist() and len(present) >= 2:
            raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {present.tolist()}")
        labels = [pos_label]
    elif average not in (None, "micro", "macro", "weighted"):
        raise ValueError("average has to be one of (None, 'micro', 'macro', 'weighted', 'samples', 'binary')")
    if labels is None:
        labels = present
    labels = list(np.asarray(labels).tolist())
    w = np.ones(len(t)) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    tp, pred, true = [], [], []
    for lab in labels:
        tp.append(float(np.sum(w * ((t == lab) & (p == lab)))))
        pred.append(float(np.sum(w * (p == lab))))
        true.append(float(np.sum(w * (t == lab))))
    tp_sum, pred_sum, true_sum = np.array(tp), np.array(pred), np.array(true)
    if sample_weight is None:
        tp_sum, pred_sum, true_sum = tp_sum.astype(np.int64), pred_sum.astype(np.int64), true_sum.astype(np.int64)
    if average == "micro":
        tp_sum, pred_sum, true_sum = np.array([tp_sum.sum()]), np.array([pred_sum.sum()]), np.array([true_sum.sum()])
    beta2 = beta ** 2
    precision = _divide(tp_sum, pred_sum, "precision", "predicted", average, zero_division)
    recall = _divide(tp_sum, true_sum, "recall", "true", average, zero_division)
    if beta == float("inf"):
        f_score = recall
    elif beta == 0:
        f_score = precision
    else:
        # (1 + b^2) tp / ((1 + b^2) tp + b^2 fn + fp), from the confusion counts
        f_score = _divide((1 + beta2) * tp_sum, beta2 * true_sum + pred_sum, "f-score", "true nor predicted",
                          average, zero_division)
    if average is None:
        return precision, recall, f_score, true_sum
    weights = true_sum if average == "weighted" else None
    return (float(_nanaverage(precision, weights)), float(_nanaverage(recall, weights)),
            float(_nanaverage(f_score, weights)), None)


def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                    zero_division="warn"):
    return precision_recall_fscore_support(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                           sample_weight=sample_weight, zero_division=zero_division)[0]


def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None,
                 zero_division="warn"):
    return precision_recall_fscore_support(y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
                                           sample_weight=sample_weight, zero_division=zero_division)[1]


def fbeta_score(y_true, y_pred, *, beta, labels=None, pos_label=1, average="binary", sample_weight=None,
                zero_division="warn"):
    return precision_recall_fscore_support(y_true, y_pred, beta=beta, labels=labels, pos_label=pos_label,
                                           average=average, sample_weight=sample_weight,
                                           zero_division=zero_division)[2]


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary", sample_weight=None, zero_division="warn"):
    return fbeta_score(y_true, y_pred, beta=1, labels=labels, pos_label=pos_label, average=average,
                       sample_weight=sample_weight, zero_division=zero_division)


def classification_report(y_true, y_pred, *, labels=None, target_names=None, sample_weight=None, digits=2,
                          output_dict=False, zero_division="warn"):
    t, p = _targets(y_true, y_pred)
    given = labels is not None
    labels = _labels(t, p) if labels is None else np.asarray(labels)
    names = [f"{v}" for v in labels.tolist()] if target_names is None else list(target_names)
    if len(names) != len(labels):
        raise ValueError(f"Number of classes, {len(labels)}, does not match size of target_names, {len(names)}. "
                         "Try specifying the labels parameter")
    headers = ["precision", "recall", "f1-score", "support"]
    pr, rc, f1, s = precision_recall_fscore_support(t, p, labels=labels, average=None, sample_weight=sample_weight,
                                                    zero_division=zero_division)
    micro_is_accuracy = not given or set(labels.tolist()) >= set(_labels(t, p).tolist())
    report_dict = {}
    width = max(max(len(n) for n in names), len("weighted avg"), digits)
    head_fmt = "{:>{width}s} " + " {:>9}" * len(headers)
    report = head_fmt.format("", *headers, width=width) + "\n\n"
    row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
    for i, name in enumerate(names):
        row = (float(pr[i]), float(rc[i]), float(f1[i]), int(s[i]))
        report_dict[name] = dict(zip(headers, [float(v) for v in row]))
        report += row_fmt.format(name, *row, width=width, digits=digits)
    report += "\n"
    for average in ("micro", "macro", "weighted"):
        heading = "accuracy" if average == "micro" and micro_is_accuracy else average + " avg"
        ap, ar, af, _ = precision_recall_fscore_support(t, p, labels=labels, average=average,
                                                        sample_weight=sample_weight, zero_division=zero_division)
        total = int(np.sum(s))
        if heading == "accuracy":
            report_dict["accuracy"] = af
            report += ("{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f}" + " {:>9}\n").format(
                heading, "", "", af, total, width=width, digits=digits)
        else:
            report_dict[heading] = dict(zip(headers, [float(v) for v in (ap, ar, af, total)]))
            report += row_fmt.format(heading, ap, ar, af, total, width=width, digits=digits)
    return report_dict if output_dict else report


def mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    e = np.average((np.asarray(y_true, dtype=np.float64) - np.asarray(y_pred, dtype=np.float64)) ** 2, axis=0,
                   weights=sample_weight)
    return float(np.average(e)) if multioutput == "uniform_average" else e


def mean_absolute_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    e = np.average(np.abs(np.asarray(y_true, dtype=np.float64) - np.asarray(y_pred, dtype=np.float64)), axis=0,
                   weights=sample_weight)
    return float(np.average(e)) if multioutput == "uniform_average" else e


def r2_score(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    t = np.asarray(y_true, dtype=np.float64)
    pr = np.asarray(y_pred, dtype=np.float64)
    w = 1.0 if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    num = np.sum(w * (t - pr) ** 2, axis=0)
    den = np.sum(w * (t - np.average(t, axis=0, weights=sample_weight)) ** 2, axis=0)
    score = 1 - num / den
    return float(np.average(score)) if multioutput == "uniform_average" else score
