# torch.utils.hooks: RemovableHandle, the object every hook registration returns (Tensor.register_hook,
# grad_fn.register_hook/register_prehook, nn.Module's forward/backward hooks). It owns an id from
# one counter shared by all handles, and remove() deletes that id from the hooks dict(s) it was
# made for. PyTorch keeps weak references to the dicts; Kiln keeps plain ones (a handle outliving
# its module keeps an empty-able dict alive, nothing more).


class RemovableHandle:
    """A handle which provides the capability to remove a hook."""

    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        self.extra_dict_ref = ()
        if isinstance(extra_dict, dict):
            self.extra_dict_ref = (extra_dict,)
        elif isinstance(extra_dict, list):
            self.extra_dict_ref = tuple(extra_dict)

    def remove(self):
        hooks_dict = self.hooks_dict_ref
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]
        for extra in self.extra_dict_ref:
            if extra is not None and self.id in extra:
                del extra[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()
