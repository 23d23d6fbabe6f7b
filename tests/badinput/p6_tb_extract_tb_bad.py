# badinput: tb extract tb bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'tb_frame'
import traceback
traceback.extract_tb(5)
