# badinput: two except* clauses, the first raising: the second still runs, and the one raised exception leaves alone, not in a group (h14 sweep)
# expect-exit: 1
# expect-stderr: KeyError: 'k'
# expect-stdout: second clause ran
try:
    try:
        raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError('k')
    except* TypeError:
        print('second clause ran')
except ExceptionGroup as e:
    print(repr(e))
