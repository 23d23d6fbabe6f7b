# badinput: tb frame attrs (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'tb_frame'
# expect-stdout: None
import sys
def f():
    local_v = 42
    1 / 0
try:
    f()
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(tb.tb_frame.f_code.co_name, tb.tb_lineno, tb.tb_next.tb_frame.f_code.co_name, tb.tb_next.tb_lineno)
    print(tb.tb_next.tb_frame.f_locals['local_v'])
    print(tb.tb_next.tb_next)
    tb.tb_next.tb_next.tb_frame
