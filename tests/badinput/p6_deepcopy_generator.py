# badinput: deepcopy generator (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: cannot pickle 'generator' object
import copy
copy.deepcopy((x for x in []))
