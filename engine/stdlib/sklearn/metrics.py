# sklearn.metrics for Kiln: the classification scores tutorials print (accuracy_score, confusion_matrix,
# precision / recall / F-beta with scikit-learn 1.9's averages and zero_division, classification_report's
# text table, balanced_accuracy_score as point-cloud classifiers report it) and the regression errors (mean_squared_error, mean_absolute_error, r2_score). Labels may be
# numbers or strings (sorted as np.unique sorts them); the binary ROC curve, its area (roc_auc_score, the
# Kaggle cross-validation score) and auc, log_loss, matthews_corrcoef, root_mean_squared_error and
# mean_absolute_percentage_error (scikit-learn 1.9's formulas; scores are Python floats). Multilabel indicator targets and multiclass ROC are left out.
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


def auc(x, y):
    # the trapezoidal area under a monotonic curve (np.trapezoid's sum), negated for a decreasing x
    x = np.asarray(x, dtype=np.float64).ravel()
    y = np.asarray(y, dtype=np.float64).ravel()
    if x.shape[0] < 2:
        raise ValueError("At least 2 points are needed to compute area under curve, but x.shape = %d" % x.shape[0])
    direction = 1
    dx = np.diff(x)
    if np.any(dx < 0):
        if np.all(dx <= 0):
            direction = -1
        else:
            raise ValueError("x is neither increasing nor decreasing : {}.".format(x))
    area = direction * (dx * (y[1:] + y[:-1]) / 2.0).sum()
    return float(area)


def _binary_clf_curve(y_true, y_score, pos_label=None, sample_weight=None):
    # scikit-learn's _binary_clf_curve: scores sorted descending (stable), one threshold per distinct
    # score, cumulative true/false positives at each.
    y_true = _flat(y_true)
    y_score = _flat(y_score).astype(np.float64)
    if len(y_true) != len(y_score):
        raise ValueError("Found input variables with inconsistent numbers of samples: [%d, %d]"
                         % (len(y_true), len(y_score)))
    classes = np.unique(y_true)
    if pos_label is None:
        if len(classes) > 2 or not all(c in (0, 1, -1) for c in classes.tolist()):
            raise ValueError("y_true takes value in {%s} and pos_label is not specified: either make y_true take "
                             "value in {0, 1} or {-1, 1} or pass pos_label explicitly."
                             % ", ".join(repr(c) for c in classes.tolist()))
        pos_label = 1
    y_true = y_true == pos_label
    weight = 1.0 if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
    desc_score_indices = np.argsort(y_score, kind="mergesort")[::-1]
    y_score = y_score[desc_score_indices]
    y_true = y_true[desc_score_indices]
    if sample_weight is not None:
        weight = weight[desc_score_indices]
    distinct_value_indices = np.where(np.diff(y_score))[0]
    threshold_idxs = np.concatenate([distinct_value_indices, [y_true.size - 1]]).astype(np.int64)
    tps = np.cumsum(y_true * weight, dtype=np.float64)[threshold_idxs]
    if sample_weight is not None:
        fps = np.cumsum((1 - y_true) * weight, dtype=np.float64)[threshold_idxs]
    else:
        fps = 1 + threshold_idxs - tps
    return fps, tps, y_score[threshold_idxs]


def roc_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=True):
    fps, tps, thresholds = _binary_clf_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    if drop_intermediate and len(fps) > 2:
        # keep the corners of the curve: points where the second difference of fps or tps is nonzero
        optimal_idxs = np.where(np.concatenate([[True], np.logical_or(np.diff(fps, 2), np.diff(tps, 2)), [True]]))[0]
        fps = fps[optimal_idxs]
        tps = tps[optimal_idxs]
        thresholds = thresholds[optimal_idxs]
    tps = np.concatenate([[0.0], tps])
    fps = np.concatenate([[0.0], fps])
    thresholds = np.concatenate([[np.inf], thresholds])
    if fps[-1] <= 0:
        warnings.warn("No negative samples in y_true, false positive value should be meaningless",
                      UndefinedMetricWarning)
        fpr = np.repeat(np.nan, fps.shape)
    else:
        fpr = fps / fps[-1]
    if tps[-1] <= 0:
        warnings.warn("No positive samples in y_true, true positive value should be meaningless",
                      UndefinedMetricWarning)
        tpr = np.repeat(np.nan, tps.shape)
    else:
        tpr = tps / tps[-1]
    return fpr, tpr, thresholds


def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None, multi_class="raise",
                  labels=None):
    # the binary case: labels binarised against np.unique(y_true) (the larger label is positive),
    # the area under the full ROC curve as a numpy float64
    t = _flat(y_true)
    s = np.asarray(y_score.detach().cpu().numpy() if hasattr(y_score, "detach") else y_score)
    if s.ndim == 2 and s.shape[1] > 1:
        raise NotImplementedError("roc_auc_score: multiclass scores are not supported in Kiln's scikit-learn")
    classes = np.unique(t)
    if len(classes) > 2:
        raise ValueError("multi_class must be in ('ovo', 'ovr')")
    if len(classes) != 2:
        # scikit-learn >= 1.6: a warning and NaN, not an error
        warnings.warn("Only one class is present in y_true. ROC AUC score is not defined in that case.",
                      UndefinedMetricWarning)
        return np.nan
    if max_fpr is not None and max_fpr != 1:
        raise NotImplementedError("roc_auc_score: max_fpr is not supported in Kiln's scikit-learn")
    binary = (t == classes[1]).astype(np.int64)
    fpr, tpr, _ = roc_curve(binary, s, sample_weight=sample_weight)
    return auc(fpr, tpr)


def precision_recall_curve(y_true, y_score, *, pos_label=None, sample_weight=None, drop_intermediate=False):
    # scikit-learn's precision_recall_curve: one (precision, recall) point per distinct score from
    # _binary_clf_curve, reversed so that recall decreases, closed by the point (1, 0) that has no
    # threshold; precision is 0 where nothing is predicted positive
    fps, tps, thresholds = _binary_clf_curve(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
    if drop_intermediate and len(fps) > 2:
        # keep the points where tps changes on either side (the corners of the step curve)
        optimal_idxs = np.where(np.concatenate(
            [[True], np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:])), [True]]))[0]
        fps = fps[optimal_idxs]
        tps = tps[optimal_idxs]
        thresholds = thresholds[optimal_idxs]
    ps = tps + fps
    precision = np.zeros_like(tps)
    np.divide(tps, ps, out=precision, where=(ps != 0))
    if tps[-1] == 0:
        warnings.warn("No positive class found in y_true, recall is set to one for all thresholds which "
                      "leads to a single point at the top-right corner of the precision-recall curve.",
                      UserWarning)
        recall = np.ones_like(tps)
    else:
        recall = tps / tps[-1]
    sl = slice(None, None, -1)
    return np.hstack((precision[sl], 1)), np.hstack((recall[sl], 0)), thresholds[sl]


def average_precision_score(y_true, y_score, *, average="macro", pos_label=1, sample_weight=None):
    # the binary case of scikit-learn's average_precision_score: the uninterpolated step integral
    # sum_n (R_n - R_{n-1}) P_n over the precision-recall curve
    t = _flat(y_true)
    s = np.asarray(y_score.detach().cpu().numpy() if hasattr(y_score, "detach") else y_score)
    if s.ndim == 2 and s.shape[1] > 1:
        raise NotImplementedError("average_precision_score: multilabel/multiclass scores are not supported "
                                  "in Kiln's scikit-learn")
    present_labels = np.unique(t).tolist()
    if len(present_labels) > 2:
        raise NotImplementedError("average_precision_score: multiclass targets are not supported in Kiln's "
                                  "scikit-learn")
    if len(present_labels) == 2 and pos_label not in present_labels:
        # scikit-learn formats np.unique(y_true) itself here (an array: "[2 5]")
        raise ValueError(f"pos_label={pos_label} is not a valid label. It should be one of {np.unique(t)}")
    precision, recall, _ = precision_recall_curve(t, s, pos_label=pos_label, sample_weight=sample_weight)
    return float(-np.sum(np.diff(recall) * np.array(precision)[:-1]))


def root_mean_squared_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    e = np.sqrt(np.average((np.asarray(y_true, dtype=np.float64) - np.asarray(y_pred, dtype=np.float64)) ** 2,
                           axis=0, weights=sample_weight))
    return float(np.average(e)) if multioutput == "uniform_average" else e


def mean_absolute_percentage_error(y_true, y_pred, *, sample_weight=None, multioutput="uniform_average"):
    t = np.asarray(y_true, dtype=np.float64)
    pr = np.asarray(y_pred, dtype=np.float64)
    epsilon = np.finfo(np.float64).eps
    mape = np.abs(pr - t) / np.maximum(np.abs(t), epsilon)
    e = np.average(mape, weights=sample_weight, axis=0)
    return float(np.average(e)) if multioutput == "uniform_average" else e


def matthews_corrcoef(y_true, y_pred, *, sample_weight=None):
    C = confusion_matrix(y_true, y_pred, sample_weight=sample_weight)
    t_sum = C.sum(axis=1, dtype=np.float64)
    p_sum = C.sum(axis=0, dtype=np.float64)
    n_correct = np.trace(C, dtype=np.float64)
    n_samples = p_sum.sum()
    cov_ytyp = n_correct * n_samples - np.dot(t_sum, p_sum)
    cov_ypyp = n_samples ** 2 - np.dot(p_sum, p_sum)
    cov_ytyt = n_samples ** 2 - np.dot(t_sum, t_sum)
    cov = cov_ypyp * cov_ytyt
    if cov == 0:
        return 0.0
    return float(cov_ytyp / np.sqrt(cov))


def log_loss(y_true, y_pred, *, normalize=True, sample_weight=None, labels=None):
    # labels binarised against the sorted classes (one column for two classes, widened to two),
    # probabilities clipped to [eps, 1 - eps] of their dtype, a warning when rows do not sum to one
    p = y_pred.detach().cpu().numpy() if hasattr(y_pred, "detach") else y_pred
    p = np.asarray(p)
    if p.dtype not in (np.float64, np.float32, np.float16):
        p = p.astype(np.float64)
    t = _flat(y_true)
    if len(t) != p.shape[0]:
        raise ValueError("Found input variables with inconsistent numbers of samples: [%d, %d]" % (len(t), p.shape[0]))
    classes = np.unique(np.asarray(labels)) if labels is not None else np.unique(t)
    if len(classes) == 1:
        if labels is None:
            raise ValueError("y_true contains only one label ({0}). Please provide the true labels explicitly "
                             "through the labels argument.".format(classes[0]))
        raise ValueError("The labels array needs to contain at least two labels for log_loss, got {0}.".format(classes))
    onehot = (t[:, None] == classes[None, :]).astype(np.int64)
    if p.ndim == 1:
        p = p[:, np.newaxis]
    if p.shape[1] == 1:
        p = np.append(1 - p, p, axis=1)
    if p.shape[1] != onehot.shape[1]:
        raise ValueError("y_true and y_pred contain different number of classes {0}, {1}. Please provide the true "
                         "labels explicitly through the labels argument. Classes found in y_true: {2}"
                         .format(onehot.shape[1], p.shape[1], classes))
    eps = np.finfo(p.dtype).eps
    if not np.allclose(p.sum(axis=1), 1, rtol=np.sqrt(eps)):
        warnings.warn("The y_prob values do not sum to one. Make sure to pass probabilities.", UserWarning)
    p = np.clip(p, eps, 1 - eps)
    loss = -(onehot * np.log(p)).sum(axis=1)
    if normalize:
        return float(np.average(loss, weights=sample_weight))
    if sample_weight is not None:
        return float(np.dot(loss, sample_weight))
    return float(loss.sum())
