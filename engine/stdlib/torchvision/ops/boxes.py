# torchvision.ops.boxes: box utilities on (N, 4) tensors in (x1, y1, x2, y2) form: box_area, box_iou,
# generalized_box_iou, box_convert (xyxy / xywh / cxcywh), clip_boxes_to_image, remove_small_boxes, nms
# and batched_nms (greedy suppression in descending score order, as torchvision's CPU kernel computes it). Left out:
# the distance/complete IoU variants and masks_to_boxes.
from typing import Tuple

import torch
from torch import Tensor


def _upcast(t: Tensor) -> Tensor:
    # Areas and intersections are computed in float32/float64 or int32/int64, never in a narrower
    # type that would overflow
    if t.is_floating_point():
        return t if t.dtype in (torch.float32, torch.float64) else t.float()
    return t if t.dtype in (torch.int32, torch.int64) else t.int()


_AXIS_ALIGNED_FMTS = ("xyxy", "xywh", "cxcywh")


def box_area(boxes: Tensor, fmt: str = "xyxy") -> Tensor:
    # torchvision 0.26: the boxes' format is "xyxy" (corners), "xywh" or "cxcywh" (both carry the
    # width and height in their last two coordinates); leading batch dimensions are kept
    if fmt not in _AXIS_ALIGNED_FMTS:
        raise ValueError(f"Unsupported Bounding Box area for given format {fmt}")
    boxes = _upcast(boxes)
    if fmt == "xyxy":
        return (boxes[..., 2] - boxes[..., 0]) * (boxes[..., 3] - boxes[..., 1])
    return boxes[..., 2] * boxes[..., 3]


def _corners(boxes: Tensor, fmt: str) -> tuple[Tensor, Tensor]:
    # The top-left and bottom-right corners of boxes in `fmt`
    if fmt == "xyxy":
        return boxes[..., :2], boxes[..., 2:]
    if fmt == "xywh":
        return boxes[..., :2], boxes[..., :2] + boxes[..., 2:]
    return boxes[..., :2] - boxes[..., 2:] / 2, boxes[..., :2] + boxes[..., 2:] / 2


def _box_inter_union(boxes1: Tensor, boxes2: Tensor, fmt: str = "xyxy") -> tuple[Tensor, Tensor]:
    area1 = box_area(boxes1, fmt=fmt)
    area2 = box_area(boxes2, fmt=fmt)
    lt1, rb1 = _corners(boxes1, fmt)
    lt2, rb2 = _corners(boxes2, fmt)
    lt = torch.max(lt1[..., None, :], lt2[..., None, :, :])  # [..., N, M, 2]
    rb = torch.min(rb1[..., None, :], rb2[..., None, :, :])
    wh = _upcast(rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    union = area1[..., None] + area2[..., None, :] - inter
    return inter, union


def box_iou(boxes1: Tensor, boxes2: Tensor, fmt: str = "xyxy") -> Tensor:
    if fmt not in _AXIS_ALIGNED_FMTS:
        raise ValueError(f"Unsupported Box IoU Calculation for given format {fmt}.")
    inter, union = _box_inter_union(boxes1, boxes2, fmt=fmt)
    return inter / union


def generalized_box_iou(boxes1: Tensor, boxes2: Tensor) -> Tensor:
    inter, union = _box_inter_union(boxes1, boxes2)
    iou = inter / union
    lti = torch.min(boxes1[:, None, :2], boxes2[:, :2])
    rbi = torch.max(boxes1[:, None, 2:], boxes2[:, 2:])
    whi = (rbi - lti).clamp(min=0)
    areai = whi[:, :, 0] * whi[:, :, 1]
    return iou - (areai - union) / areai


def box_convert(boxes: Tensor, in_fmt: str, out_fmt: str) -> Tensor:
    allowed = ("xyxy", "xywh", "cxcywh")
    if in_fmt not in allowed or out_fmt not in allowed:
        raise ValueError("Unsupported Bounding Box Conversions for given in_fmt and out_fmt")
    if in_fmt == out_fmt:
        return boxes.clone()
    if in_fmt == "xywh":
        x, y, w, h = boxes.unbind(-1)
        boxes = torch.stack([x, y, x + w, y + h], dim=-1)
    elif in_fmt == "cxcywh":
        cx, cy, w, h = boxes.unbind(-1)
        boxes = torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=-1)
    if out_fmt == "xywh":
        x1, y1, x2, y2 = boxes.unbind(-1)
        boxes = torch.stack([x1, y1, x2 - x1, y2 - y1], dim=-1)
    elif out_fmt == "cxcywh":
        x1, y1, x2, y2 = boxes.unbind(-1)
        boxes = torch.stack([(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1], dim=-1)
    return boxes


def clip_boxes_to_image(boxes: Tensor, size: tuple[int, int]) -> Tensor:
    height, width = size
    x = boxes[..., 0::2].clamp(min=0, max=width)
    y = boxes[..., 1::2].clamp(min=0, max=height)
    return torch.stack((x, y), dim=boxes.dim()).reshape(boxes.shape)


def remove_small_boxes(boxes: Tensor, min_size: float) -> Tensor:
    ws = boxes[:, 2] - boxes[:, 0]
    hs = boxes[:, 3] - boxes[:, 1]
    keep = (ws >= min_size) & (hs >= min_size)
    return torch.where(keep)[0]


def nms(boxes: Tensor, scores: Tensor, iou_threshold: float) -> Tensor:
    # torchvision's CPU kernel (nms_kernel_impl): boxes visited in descending score order (a stable
    # sort), each kept box suppressing the later ones whose IoU with it is above the threshold. The
    # IoU is computed in the boxes' dtype as the kernel's scalar_t arithmetic is, ((a_i + a_j) - inter)
    # in that order, and compared with the threshold in double, as C++ promotes `ovr > iou_threshold`.
    # One kept box at a time, vectorized over the boxes after it: O(kept * N) element work, not
    # O(N^2) Python steps (YOLO's multi-label NMS hands it ~10^4 boxes).
    if boxes.dim() != 2:
        raise RuntimeError(f"boxes should be a 2d tensor, got {boxes.dim()}D")
    if boxes.size(1) != 4:
        raise RuntimeError(f"boxes should have 4 elements in dimension 1, got {boxes.size(1)}")
    if scores.dim() != 1:
        raise RuntimeError(f"scores should be a 1d tensor, got {scores.dim()}D")
    if boxes.size(0) != scores.size(0):
        raise RuntimeError(f"boxes and scores should have same number of elements in dimension 0, got "
                           f"{boxes.size(0)} and {scores.size(0)}")
    if boxes.dtype != scores.dtype:
        raise RuntimeError("dets should have the same type as scores")
    n = boxes.size(0)
    if n == 0:
        return torch.empty((0,), dtype=torch.int64)
    order = torch.sort(scores, stable=True, dim=0, descending=True)[1]
    b = boxes.detach()[order]
    x1, y1, x2, y2 = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    areas = (x2 - x1) * (y2 - y1)
    alive = torch.ones(n, dtype=torch.bool)
    zero = torch.zeros((), dtype=b.dtype)
    keep = []
    i = 0
    while True:
        keep.append(i)
        if i + 1 >= n:
            break
        xx1 = torch.maximum(x1[i], x1[i + 1:])
        yy1 = torch.maximum(y1[i], y1[i + 1:])
        xx2 = torch.minimum(x2[i], x2[i + 1:])
        yy2 = torch.minimum(y2[i], y2[i + 1:])
        w = torch.maximum(zero, xx2 - xx1)
        h = torch.maximum(zero, yy2 - yy1)
        inter = w * h
        ovr = inter / (areas[i] + areas[i + 1:] - inter)
        rest = alive[i + 1:]
        rest &= ~(ovr.double() > iou_threshold)
        later = rest.nonzero()
        if later.size(0) == 0:
            break
        i = i + 1 + int(later[0, 0])
    return order[torch.tensor(keep, dtype=torch.int64)]


def batched_nms(boxes: Tensor, scores: Tensor, idxs: Tensor, iou_threshold: float) -> Tensor:
    # torchvision's choice: past 4000 coordinates on the CPU (20000 elsewhere) one NMS per class,
    # else one NMS over boxes offset by class (the coordinate trick); the two keep the same boxes,
    # the first in descending score order after a sort of the kept scores
    import torchvision
    if boxes.numel() > (4000 if boxes.device.type == "cpu" else 20000) and not torchvision._is_tracing():
        return _batched_nms_vanilla(boxes, scores, idxs, iou_threshold)
    return _batched_nms_coordinate_trick(boxes, scores, idxs, iou_threshold)


def _batched_nms_coordinate_trick(boxes: Tensor, scores: Tensor, idxs: Tensor, iou_threshold: float) -> Tensor:
    if boxes.numel() == 0:
        return torch.empty((0,), dtype=torch.int64, device=boxes.device)
    max_coordinate = boxes.max()
    offsets = idxs.to(boxes) * (max_coordinate + torch.tensor(1).to(boxes))
    return nms(boxes + offsets[:, None], scores, iou_threshold)


def _batched_nms_vanilla(boxes: Tensor, scores: Tensor, idxs: Tensor, iou_threshold: float) -> Tensor:
    keep_mask = torch.zeros_like(scores, dtype=torch.bool)
    for class_id in torch.unique(idxs):
        curr_indices = torch.where(idxs == class_id)[0]
        curr_keep_indices = nms(boxes[curr_indices], scores[curr_indices], iou_threshold)
        keep_mask[curr_indices[curr_keep_indices]] = True
    keep_indices = torch.where(keep_mask)[0]
    return keep_indices[scores[keep_indices].sort(descending=True)[1]]
