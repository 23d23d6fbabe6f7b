# torchvision.ops: box utilities (boxes.py: nms, batched_nms, box_iou, box_area, box_convert, ...) and the
# model building blocks of misc.py (Conv2dNormActivation, SqueezeExcitation, MLP, Permute) and
# stochastic_depth.py (StochasticDepth), sigmoid_focal_loss (focal_loss.py) and generalized_box_iou_loss (giou_loss.py).
# Left out: roi_align/roi_pool, deform_conv2d, FeaturePyramidNetwork, DropBlock.
from torchvision.ops.boxes import batched_nms, box_area, box_convert, box_iou, clip_boxes_to_image, \
    generalized_box_iou, nms, remove_small_boxes
from torchvision.ops.misc import Conv2dNormActivation, MLP, Permute, SqueezeExcitation
from torchvision.ops.stochastic_depth import StochasticDepth, stochastic_depth
from torchvision.ops.focal_loss import sigmoid_focal_loss
from torchvision.ops.giou_loss import generalized_box_iou_loss
from torchvision.ops import misc, boxes
