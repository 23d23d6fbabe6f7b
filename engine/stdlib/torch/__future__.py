# torch.__future__: the switches for behaviours PyTorch plans to make the default, as in PyTorch 2.11.
# set_swap_module_params_on_conversion(True) makes nn.Module.load_state_dict keep each parameter's
# Python object and swap the loaded contents into it (torch.utils.swap_tensors) instead of copying;
# set_overwrite_module_params_on_conversion is kept for programs that set it.

_overwrite_module_params_on_conversion = False
_swap_module_params_on_conversion = False


def set_overwrite_module_params_on_conversion(value):
    global _overwrite_module_params_on_conversion
    _overwrite_module_params_on_conversion = value


def get_overwrite_module_params_on_conversion():
    return _overwrite_module_params_on_conversion


def set_swap_module_params_on_conversion(value):
    global _swap_module_params_on_conversion
    _swap_module_params_on_conversion = value


def get_swap_module_params_on_conversion():
    return _swap_module_params_on_conversion
