# badinput: except* catching part of an ExceptionGroup
# expect-exit: 0
# expect-stdout: v 1
try:
    raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
except* ValueError as e:
    print('v', len(e.exceptions))
except* TypeError as e:
    print('t', len(e.exceptions))
