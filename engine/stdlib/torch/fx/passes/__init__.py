# torch.fx.passes: the passes Kiln's torch.fx provides (shape_prop) and the pass infrastructure (infra: PassBase, PassResult, PassManager).
