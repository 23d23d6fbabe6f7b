# badinput: gc.get_objects needs a heap walk Kiln does not have
# expect-exit: 1
# expect-stderr: NotImplementedError: gc.get_objects() is not supported in Kiln
import gc
gc.get_objects()
