# torch.fx.passes: the passes Kiln's torch.fx provides (shape_prop).
