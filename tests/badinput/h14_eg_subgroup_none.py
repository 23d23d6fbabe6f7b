# badinput: subgroup() matching nothing returns None (h14 sweep)
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'exceptions'
# expect-stdout: None
e = ExceptionGroup('g', [ValueError(1)]).subgroup(TypeError)
print(e)
e.exceptions
