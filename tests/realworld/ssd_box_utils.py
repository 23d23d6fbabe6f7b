# SSD detection pipeline: the workflow of sgrvinod/a-PyTorch-Tutorial-to-Object-Detection (utils.py box
# utilities, model.py's SSD300 prior boxes / PredictionConvolutions / detect_objects / MultiBoxLoss,
# train.py's loop with AverageMeter and clip_gradient, eval.py's calculate_mAP) @ 5d5b7596, written for
# Kiln at a size that runs in seconds: a small VGG-like base with two feature maps on 32x32 images
# instead of VGG-16 (no pretrained weights), synthetic images with one or two boxes instead of Pascal
# VOC (no xml parsing). Exercises: center-size <-> boundary boxes, Jaccard overlap with broadcasting,
# gcxgcy encoding, prior boxes from itertools.product / math.sqrt with the IndexError fallback,
# permute().contiguous().view() heads, bool-mask indexing of (N, P, 4) tensors, hard negative mining
# by sort, per-class NMS with a suppression mask, top-k, mAP with cumulative sums.
import math
import random
from itertools import product

import torch
import torch.nn.functional as F
from torch import nn

device = torch.device("cpu")
voc_labels = ('aeroplane', 'bicycle', 'bird')
label_map = {k: v + 1 for v, k in enumerate(voc_labels)}
label_map['background'] = 0
rev_label_map = {v: k for k, v in label_map.items()}


def xy_to_cxcy(xy):
    return torch.cat([(xy[:, 2:] + xy[:, :2]) / 2, xy[:, 2:] - xy[:, :2]], 1)


def cxcy_to_xy(cxcy):
    return torch.cat([cxcy[:, :2] - (cxcy[:, 2:] / 2), cxcy[:, :2] + (cxcy[:, 2:] / 2)], 1)


def cxcy_to_gcxgcy(cxcy, priors_cxcy):
    return torch.cat([(cxcy[:, :2] - priors_cxcy[:, :2]) / (priors_cxcy[:, 2:] / 10),
                      torch.log(cxcy[:, 2:] / priors_cxcy[:, 2:]) * 5], 1)


def gcxgcy_to_cxcy(gcxgcy, priors_cxcy):
    return torch.cat([gcxgcy[:, :2] * priors_cxcy[:, 2:] / 10 + priors_cxcy[:, :2],
                      torch.exp(gcxgcy[:, 2:] / 5) * priors_cxcy[:, 2:]], 1)


def find_intersection(set_1, set_2):
    lower_bounds = torch.max(set_1[:, :2].unsqueeze(1), set_2[:, :2].unsqueeze(0))
    upper_bounds = torch.min(set_1[:, 2:].unsqueeze(1), set_2[:, 2:].unsqueeze(0))
    intersection_dims = torch.clamp(upper_bounds - lower_bounds, min=0)
    return intersection_dims[:, :, 0] * intersection_dims[:, :, 1]


def find_jaccard_overlap(set_1, set_2):
    intersection = find_intersection(set_1, set_2)
    areas_set_1 = (set_1[:, 2] - set_1[:, 0]) * (set_1[:, 3] - set_1[:, 1])
    areas_set_2 = (set_2[:, 2] - set_2[:, 0]) * (set_2[:, 3] - set_2[:, 1])
    union = areas_set_1.unsqueeze(1) + areas_set_2.unsqueeze(0) - intersection
    return intersection / union


def decimate(tensor, m):
    assert tensor.dim() == len(m)
    for d in range(tensor.dim()):
        if m[d] is not None:
            tensor = tensor.index_select(dim=d, index=torch.arange(start=0, end=tensor.size(d), step=m[d]).long())
    return tensor


def flip(image, boxes):
    new_image = torch.flip(image, [2])
    new_boxes = boxes.clone()
    new_boxes[:, 0] = image.size(2) - boxes[:, 0] - 1
    new_boxes[:, 2] = image.size(2) - boxes[:, 2] - 1
    new_boxes = new_boxes[:, [2, 1, 0, 3]]
    return new_image, new_boxes


class AverageMeter(object):
    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def clip_gradient(optimizer, grad_clip):
    for group in optimizer.param_groups:
        for param in group['params']:
            if param.grad is not None:
                param.grad.data.clamp_(-grad_clip, grad_clip)


def adjust_learning_rate(optimizer, scale):
    for param_group in optimizer.param_groups:
        param_group['lr'] = param_group['lr'] * scale
    print("DECAYING learning rate.\n The new LR is %f\n" % (optimizer.param_groups[1]['lr'],))


class TinyBase(nn.Module):
    def __init__(self):
        super(TinyBase, self).__init__()
        self.conv1_1 = nn.Conv2d(3, 16, kernel_size=3, padding=1)
        self.pool1 = nn.MaxPool2d(kernel_size=2, stride=2)
        self.conv2_1 = nn.Conv2d(16, 32, kernel_size=3, padding=1)
        self.pool2 = nn.MaxPool2d(kernel_size=2, stride=2, ceil_mode=True)
        self.conv3_1 = nn.Conv2d(32, 32, kernel_size=3, padding=1)
        self.pool3 = nn.MaxPool2d(kernel_size=3, stride=1, padding=1)
        self.conv4 = nn.Conv2d(32, 32, kernel_size=3, padding=1, stride=2)

    def forward(self, image):
        out = F.relu(self.conv1_1(image))
        out = self.pool1(out)
        out = F.relu(self.conv2_1(out))
        out = self.pool2(out)
        out = F.relu(self.conv3_1(out))
        fmap_a = self.pool3(out)
        fmap_b = F.relu(self.conv4(fmap_a))
        return fmap_a, fmap_b


class PredictionConvolutions(nn.Module):
    def __init__(self, n_classes):
        super(PredictionConvolutions, self).__init__()
        self.n_classes = n_classes
        n_boxes = {'fmap_a': 4, 'fmap_b': 6}
        self.loc_a = nn.Conv2d(32, n_boxes['fmap_a'] * 4, kernel_size=3, padding=1)
        self.loc_b = nn.Conv2d(32, n_boxes['fmap_b'] * 4, kernel_size=3, padding=1)
        self.cl_a = nn.Conv2d(32, n_boxes['fmap_a'] * n_classes, kernel_size=3, padding=1)
        self.cl_b = nn.Conv2d(32, n_boxes['fmap_b'] * n_classes, kernel_size=3, padding=1)
        self.init_conv2d()

    def init_conv2d(self):
        for c in self.children():
            if isinstance(c, nn.Conv2d):
                nn.init.xavier_uniform_(c.weight)
                nn.init.constant_(c.bias, 0.)

    def forward(self, fmap_a, fmap_b):
        batch_size = fmap_a.size(0)
        l_a = self.loc_a(fmap_a).permute(0, 2, 3, 1).contiguous().view(batch_size, -1, 4)
        l_b = self.loc_b(fmap_b).permute(0, 2, 3, 1).contiguous().view(batch_size, -1, 4)
        c_a = self.cl_a(fmap_a).permute(0, 2, 3, 1).contiguous().view(batch_size, -1, self.n_classes)
        c_b = self.cl_b(fmap_b).permute(0, 2, 3, 1).contiguous().view(batch_size, -1, self.n_classes)
        return torch.cat([l_a, l_b], dim=1), torch.cat([c_a, c_b], dim=1)


class TinySSD(nn.Module):
    def __init__(self, n_classes):
        super(TinySSD, self).__init__()
        self.n_classes = n_classes
        self.base = TinyBase()
        self.rescale_factors = nn.Parameter(torch.FloatTensor(1, 32, 1, 1))
        nn.init.constant_(self.rescale_factors, 20)
        self.pred_convs = PredictionConvolutions(n_classes)
        self.priors_cxcy = self.create_prior_boxes()

    def forward(self, image):
        fmap_a, fmap_b = self.base(image)
        norm = fmap_a.pow(2).sum(dim=1, keepdim=True).sqrt() + 1e-10
        fmap_a = fmap_a / norm * self.rescale_factors
        return self.pred_convs(fmap_a, fmap_b)

    def create_prior_boxes(self):
        fmap_dims = {'fmap_a': 8, 'fmap_b': 4}
        obj_scales = {'fmap_a': 0.2, 'fmap_b': 0.5}
        aspect_ratios = {'fmap_a': [1., 2., 0.5], 'fmap_b': [1., 2., 3., 0.5, .333]}
        fmaps = list(fmap_dims.keys())
        prior_boxes = []
        for k, fmap in enumerate(fmaps):
            for i, j in product(range(fmap_dims[fmap]), repeat=2):
                cx = (j + 0.5) / fmap_dims[fmap]
                cy = (i + 0.5) / fmap_dims[fmap]
                for ratio in aspect_ratios[fmap]:
                    prior_boxes.append([cx, cy, obj_scales[fmap] * math.sqrt(ratio), obj_scales[fmap] / math.sqrt(ratio)])
                    if ratio == 1.:
                        try:
                            additional_scale = math.sqrt(obj_scales[fmap] * obj_scales[fmaps[k + 1]])
                        except IndexError:
                            additional_scale = 1.
                        prior_boxes.append([cx, cy, additional_scale, additional_scale])
        prior_boxes = torch.FloatTensor(prior_boxes).to(device)
        prior_boxes.clamp_(0, 1)
        return prior_boxes

    def detect_objects(self, predicted_locs, predicted_scores, min_score, max_overlap, top_k):
        batch_size = predicted_locs.size(0)
        n_priors = self.priors_cxcy.size(0)
        predicted_scores = F.softmax(predicted_scores, dim=2)
        all_images_boxes, all_images_labels, all_images_scores = list(), list(), list()
        assert n_priors == predicted_locs.size(1) == predicted_scores.size(1)
        for i in range(batch_size):
            decoded_locs = cxcy_to_xy(gcxgcy_to_cxcy(predicted_locs[i], self.priors_cxcy))
            image_boxes, image_labels, image_scores = list(), list(), list()
            for c in range(1, self.n_classes):
                class_scores = predicted_scores[i][:, c]
                score_above_min_score = class_scores > min_score
                n_above_min_score = score_above_min_score.sum().item()
                if n_above_min_score == 0:
                    continue
                class_scores = class_scores[score_above_min_score]
                class_decoded_locs = decoded_locs[score_above_min_score]
                class_scores, sort_ind = class_scores.sort(dim=0, descending=True)
                class_decoded_locs = class_decoded_locs[sort_ind]
                overlap = find_jaccard_overlap(class_decoded_locs, class_decoded_locs)
                suppress = torch.zeros((n_above_min_score), dtype=torch.uint8).to(device)
                for box in range(class_decoded_locs.size(0)):
                    if suppress[box] == 1:
                        continue
                    suppress = torch.max(suppress, (overlap[box] > max_overlap).to(torch.uint8))
                    suppress[box] = 0
                image_boxes.append(class_decoded_locs[1 - suppress])
                image_labels.append(torch.LongTensor((1 - suppress).sum().item() * [c]).to(device))
                image_scores.append(class_scores[1 - suppress])
            if len(image_boxes) == 0:
                image_boxes.append(torch.FloatTensor([[0., 0., 1., 1.]]).to(device))
                image_labels.append(torch.LongTensor([0]).to(device))
                image_scores.append(torch.FloatTensor([0.]).to(device))
            image_boxes = torch.cat(image_boxes, dim=0)
            image_labels = torch.cat(image_labels, dim=0)
            image_scores = torch.cat(image_scores, dim=0)
            n_objects = image_scores.size(0)
            if n_objects > top_k:
                image_scores, sort_ind = image_scores.sort(dim=0, descending=True)
                image_scores = image_scores[:top_k]
                image_boxes = image_boxes[sort_ind][:top_k]
                image_labels = image_labels[sort_ind][:top_k]
            all_images_boxes.append(image_boxes)
            all_images_labels.append(image_labels)
            all_images_scores.append(image_scores)
        return all_images_boxes, all_images_labels, all_images_scores


class MultiBoxLoss(nn.Module):
    def __init__(self, priors_cxcy, threshold=0.5, neg_pos_ratio=3, alpha=1.):
        super(MultiBoxLoss, self).__init__()
        self.priors_cxcy = priors_cxcy
        self.priors_xy = cxcy_to_xy(priors_cxcy)
        self.threshold = threshold
        self.neg_pos_ratio = neg_pos_ratio
        self.alpha = alpha
        self.smooth_l1 = nn.L1Loss()
        self.cross_entropy = nn.CrossEntropyLoss(reduce=False)

    def forward(self, predicted_locs, predicted_scores, boxes, labels):
        batch_size = predicted_locs.size(0)
        n_priors = self.priors_cxcy.size(0)
        n_classes = predicted_scores.size(2)
        assert n_priors == predicted_locs.size(1) == predicted_scores.size(1)
        true_locs = torch.zeros((batch_size, n_priors, 4), dtype=torch.float).to(device)
        true_classes = torch.zeros((batch_size, n_priors), dtype=torch.long).to(device)
        for i in range(batch_size):
            n_objects = boxes[i].size(0)
            overlap = find_jaccard_overlap(boxes[i], self.priors_xy)
            overlap_for_each_prior, object_for_each_prior = overlap.max(dim=0)
            _, prior_for_each_object = overlap.max(dim=1)
            object_for_each_prior[prior_for_each_object] = torch.LongTensor(range(n_objects)).to(device)
            overlap_for_each_prior[prior_for_each_object] = 1.
            label_for_each_prior = labels[i][object_for_each_prior]
            label_for_each_prior[overlap_for_each_prior < self.threshold] = 0
            true_classes[i] = label_for_each_prior
            true_locs[i] = cxcy_to_gcxgcy(xy_to_cxcy(boxes[i][object_for_each_prior]), self.priors_cxcy)
        positive_priors = true_classes != 0
        loc_loss = self.smooth_l1(predicted_locs[positive_priors], true_locs[positive_priors])
        n_positives = positive_priors.sum(dim=1)
        n_hard_negatives = self.neg_pos_ratio * n_positives
        conf_loss_all = self.cross_entropy(predicted_scores.view(-1, n_classes), true_classes.view(-1))
        conf_loss_all = conf_loss_all.view(batch_size, n_priors)
        conf_loss_pos = conf_loss_all[positive_priors]
        conf_loss_neg = conf_loss_all.clone()
        conf_loss_neg[positive_priors] = 0.
        conf_loss_neg, _ = conf_loss_neg.sort(dim=1, descending=True)
        hardness_ranks = torch.LongTensor(range(n_priors)).unsqueeze(0).expand_as(conf_loss_neg).to(device)
        hard_negatives = hardness_ranks < n_hard_negatives.unsqueeze(1)
        conf_loss_hard_neg = conf_loss_neg[hard_negatives]
        conf_loss = (conf_loss_hard_neg.sum() + conf_loss_pos.sum()) / n_positives.sum().float()
        return conf_loss + self.alpha * loc_loss


def calculate_mAP(det_boxes, det_labels, det_scores, true_boxes, true_labels, true_difficulties):
    assert len(det_boxes) == len(det_labels) == len(det_scores) == len(true_boxes) == len(
        true_labels) == len(true_difficulties)
    n_classes = len(label_map)
    true_images = list()
    for i in range(len(true_labels)):
        true_images.extend([i] * true_labels[i].size(0))
    true_images = torch.LongTensor(true_images).to(device)
    true_boxes = torch.cat(true_boxes, dim=0)
    true_labels = torch.cat(true_labels, dim=0)
    true_difficulties = torch.cat(true_difficulties, dim=0)
    det_images = list()
    for i in range(len(det_labels)):
        det_images.extend([i] * det_labels[i].size(0))
    det_images = torch.LongTensor(det_images).to(device)
    det_boxes = torch.cat(det_boxes, dim=0)
    det_labels = torch.cat(det_labels, dim=0)
    det_scores = torch.cat(det_scores, dim=0)
    average_precisions = torch.zeros((n_classes - 1), dtype=torch.float)
    for c in range(1, n_classes):
        true_class_images = true_images[true_labels == c]
        true_class_boxes = true_boxes[true_labels == c]
        true_class_difficulties = true_difficulties[true_labels == c]
        n_easy_class_objects = (1 - true_class_difficulties).sum().item()
        true_class_boxes_detected = torch.zeros((true_class_difficulties.size(0)), dtype=torch.uint8).to(device)
        det_class_images = det_images[det_labels == c]
        det_class_boxes = det_boxes[det_labels == c]
        det_class_scores = det_scores[det_labels == c]
        n_class_detections = det_class_boxes.size(0)
        if n_class_detections == 0:
            continue
        det_class_scores, sort_ind = torch.sort(det_class_scores, dim=0, descending=True)
        det_class_images = det_class_images[sort_ind]
        det_class_boxes = det_class_boxes[sort_ind]
        true_positives = torch.zeros((n_class_detections), dtype=torch.float).to(device)
        false_positives = torch.zeros((n_class_detections), dtype=torch.float).to(device)
        for d in range(n_class_detections):
            this_detection_box = det_class_boxes[d].unsqueeze(0)
            this_image = det_class_images[d]
            object_boxes = true_class_boxes[true_class_images == this_image]
            object_difficulties = true_class_difficulties[true_class_images == this_image]
            if object_boxes.size(0) == 0:
                false_positives[d] = 1
                continue
            overlaps = find_jaccard_overlap(this_detection_box, object_boxes)
            max_overlap, ind = torch.max(overlaps.squeeze(0), dim=0)
            original_ind = torch.LongTensor(range(true_class_boxes.size(0)))[true_class_images == this_image][ind]
            if max_overlap.item() > 0.5:
                if object_difficulties[ind] == 0:
                    if true_class_boxes_detected[original_ind] == 0:
                        true_positives[d] = 1
                        true_class_boxes_detected[original_ind] = 1
                    else:
                        false_positives[d] = 1
            else:
                false_positives[d] = 1
        cumul_true_positives = torch.cumsum(true_positives, dim=0)
        cumul_false_positives = torch.cumsum(false_positives, dim=0)
        cumul_precision = cumul_true_positives / (cumul_true_positives + cumul_false_positives + 1e-10)
        cumul_recall = cumul_true_positives / n_easy_class_objects
        recall_thresholds = torch.arange(start=0, end=1.1, step=.1).tolist()
        precisions = torch.zeros((len(recall_thresholds)), dtype=torch.float).to(device)
        for i, t in enumerate(recall_thresholds):
            recalls_above_t = cumul_recall >= t
            if recalls_above_t.any():
                precisions[i] = cumul_precision[recalls_above_t].max()
            else:
                precisions[i] = 0.
        average_precisions[c - 1] = precisions.mean()
    mean_average_precision = average_precisions.mean().item()
    average_precisions = {rev_label_map[c + 1]: v for c, v in enumerate(average_precisions.tolist())}
    return average_precisions, mean_average_precision


def make_batch(n):
    images, boxes, labels, difficulties = [], [], [], []
    for _ in range(n):
        img = 0.1 * torch.randn(3, 32, 32)
        bs, ls = [], []
        for _ in range(random.randint(1, 2)):
            x0, y0 = random.uniform(0.0, 0.5), random.uniform(0.0, 0.5)
            w, h = random.uniform(0.25, 0.45), random.uniform(0.25, 0.45)
            c = random.randint(1, 3)
            img[c - 1, int(y0 * 32):int((y0 + h) * 32), int(x0 * 32):int((x0 + w) * 32)] += 1.0
            bs.append([x0, y0, x0 + w, y0 + h])
            ls.append(c)
        images.append(img)
        boxes.append(torch.FloatTensor(bs))
        labels.append(torch.LongTensor(ls))
        difficulties.append(torch.zeros(len(ls), dtype=torch.uint8))
    return torch.stack(images), boxes, labels, difficulties


torch.manual_seed(0)
random.seed(0)

a = torch.tensor([[0., 0., 2., 2.], [1., 1., 3., 3.]])
b = torch.tensor([[1., 1., 2., 2.], [0., 0., 1., 1.]])
print(find_jaccard_overlap(a, b))
cx = xy_to_cxcy(a)
print(cx, torch.equal(cxcy_to_xy(cx), a))
priors = torch.tensor([[1., 1., 2., 2.], [2., 2., 1., 1.]])
g = cxcy_to_gcxgcy(cx, priors)
print(g, torch.allclose(gcxgcy_to_cxcy(g, priors), cx))
print(decimate(torch.arange(24.).view(2, 3, 4), [None, 2, 2]))
img, fb = flip(torch.arange(12.).view(1, 3, 4), torch.tensor([[0., 0., 1., 2.]]))
print(img[0, 0], fb)

model = TinySSD(n_classes=len(label_map))
print('priors', model.priors_cxcy.shape, model.priors_cxcy[:2], model.priors_cxcy[-1])
criterion = MultiBoxLoss(priors_cxcy=model.priors_cxcy)
biases, not_biases = list(), list()
for param_name, param in model.named_parameters():
    if param.requires_grad:
        if param_name.endswith('.bias'):
            biases.append(param)
        else:
            not_biases.append(param)
optimizer = torch.optim.SGD(params=[{'params': biases, 'lr': 2 * 1e-3}, {'params': not_biases}],
                            lr=1e-3, momentum=0.9, weight_decay=5e-4)
losses = AverageMeter()
for step in range(6):
    images, boxes, labels, _ = make_batch(4)
    predicted_locs, predicted_scores = model(images)
    loss = criterion(predicted_locs, predicted_scores, boxes, labels)
    optimizer.zero_grad()
    loss.backward()
    clip_gradient(optimizer, 5.0)
    optimizer.step()
    losses.update(loss.item(), images.size(0))
    print(f'step {step} loss {losses.val:.4f} ({losses.avg:.4f})', predicted_locs.shape, predicted_scores.shape)
adjust_learning_rate(optimizer, 0.1)

model.eval()
images, boxes, labels, difficulties = make_batch(3)
with torch.no_grad():
    predicted_locs, predicted_scores = model(images)
    det_boxes, det_labels, det_scores = model.detect_objects(predicted_locs, predicted_scores, min_score=0.2,
                                                             max_overlap=0.45, top_k=10)
print([tuple(bx.shape) for bx in det_boxes], [ls.dtype for ls in det_labels][:1],
      all(bool((s[:-1] >= s[1:]).all()) for s in det_scores if s.numel() > 1 and s.numel() <= 10))
APs, mAP = calculate_mAP(det_boxes, det_labels, det_scores, boxes, labels, difficulties)
print(sorted(APs), 0.0 <= mAP <= 1.0)
gt = [bx.clone() for bx in boxes]
APs, mAP = calculate_mAP(gt, labels, [torch.ones(len(l)) for l in labels], boxes, labels, difficulties)
print({k: round(v, 4) for k, v in APs.items()}, round(mAP, 4))
