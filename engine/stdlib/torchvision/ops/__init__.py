# torchvision.ops: box utilities (boxes.py: nms, batched_nms, box_iou, box_area, box_convert, ...) and the
# model building blocks of misc.py (Conv2dNormActivation, SqueezeExcitation, MLP, Permute) and
# stochastic_depth.py (StochasticDepth). Left out: roi_align/roi_pool, deform_conv2d, focal loss,
# FeaturePyramidNetwork, DropBlock.
from torchvision.ops.boxes import batched_nms, box_area, box_convert, box_iou, clip_boxes_to_image, \
    generalized_box_iou, nms, remove_small_boxes
from torchvision.ops.misc import Conv2dNormActivation, MLP, Permute, SqueezeExcitation
from torchvision.ops.stochastic_depth import StochasticDepth, stochastic_depth
from torchvision.ops import misc, boxes
