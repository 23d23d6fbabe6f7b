# The printer's limits: at most 15 parts of a group (then "and N more exceptions") and 10 levels of
# nesting (then "... (max_group_depth is 10)"). The group is raised twice from the same frame: each
# raise statement adds a traceback entry (CPython's), and a bare raise in an except* clause adds none.
e = ExceptionGroup("wide", [ValueError(i) for i in range(17)])
for i in range(11):
    e = ExceptionGroup(f"level {i}", [e, TypeError(i)])
try:
    try:
        raise e
    except* OSError:
        pass
except ExceptionGroup:
    pass
try:
    raise e
except* ValueError:
    raise
