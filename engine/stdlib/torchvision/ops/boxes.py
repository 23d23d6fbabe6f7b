# torchvision.ops.boxes: box utilities on (N, 4) tensors in (x1, y1, x2, y2) form: box_area, box_iou,
# generalized_box_iou, box_convert (xyxy / xywh / cxcywh), clip_boxes_to_image, remove_small_boxes, nms
# and batched_nms (greedy suppression in descending score order, as torchvision's CPU kernel). Left out:
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
    if boxes.size(0) == 0:
        return torch.empty((0,), dtype=torch.int64)
    order = torch.argsort(scores, descending=True, stable=True).tolist()
    x1 = boxes[:, 0].tolist()
    y1 = boxes[:, 1].tolist()
    x2 = boxes[:, 2].tolist()
    y2 = boxes[:, 3].tolist()
    areas = [(x2[i] - x1[i]) * (y2[i] - y1[i]) for i in range(len(x1))]
    suppressed = [False] * len(x1)
    keep = []
    for a in range(len(order)):
        i = order[a]
        if suppressed[i]:
            continue
        keep.append(i)
        for b in range(a + 1, len(order)):
            j = order[b]
            if suppressed[j]:
                continue
            w = max(0.0, min(x2[i], x2[j]) - max(x1[i], x1[j]))
            h = max(0.0, min(y2[i], y2[j]) - max(y1[i], y1[j]))
            inter = w * h
            if inter / (areas[i] + areas[j] - inter) > iou_threshold:
                suppressed[j] = True
    return torch.tensor(keep, dtype=torch.int64)


def batched_nms(boxes: Tensor, scores: Tensor, idxs: Tensor, iou_threshold: float) -> Tensor:
    if boxes.numel() == 0:
        return torch.empty((0,), dtype=torch.int64)
    max_coordinate = boxes.max()
    offsets = idxs.to(boxes) * (max_coordinate + torch.tensor(1).to(boxes))
    return nms(boxes + offsets[:, None], scores, iou_threshold)
