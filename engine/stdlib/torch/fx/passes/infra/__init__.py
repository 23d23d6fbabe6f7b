# torch.fx.passes.infra: the pass infrastructure graph-rewriting code builds on (pass_base's
# PassBase/PassResult, pass_manager's PassManager), as PyTorch 2.11 ships it.
from . import pass_manager
