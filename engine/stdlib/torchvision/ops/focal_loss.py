# torchvision.ops.sigmoid_focal_loss (RetinaNet's loss, torchvision/ops/focal_loss.py): the
# per-element binary cross-entropy with logits scaled by (1 - p_t) ** gamma, where p_t is the
# probability given to the true class, and by alpha_t (alpha for positives, 1 - alpha for negatives)
# unless alpha is negative.
import torch
import torch.nn.functional as F

__all__ = ["sigmoid_focal_loss"]


def sigmoid_focal_loss(inputs: torch.Tensor, targets: torch.Tensor, alpha: float = 0.25, gamma: float = 2,
                       reduction: str = "none") -> torch.Tensor:
    p = torch.sigmoid(inputs)
    ce_loss = F.binary_cross_entropy_with_logits(inputs, targets, reduction="none")
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce_loss * ((1 - p_t) ** gamma)
    if alpha >= 0:
        alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
        loss = alpha_t * loss
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(
        f"Invalid Value for arg 'reduction': '{reduction} \n Supported reduction modes: 'none', 'mean', 'sum'"
    )
