# badinput: importing a module that does not exist
# expect-exit: 1
# expect-stderr: ModuleNotFoundError: No module named 'no_such_module_kiln'
import no_such_module_kiln
