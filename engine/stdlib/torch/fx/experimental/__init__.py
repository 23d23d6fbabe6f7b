# torch.fx.experimental: the parts Kiln has are symbolic_shapes' exception classes, which torch.export
# raises and programs catch by name.
