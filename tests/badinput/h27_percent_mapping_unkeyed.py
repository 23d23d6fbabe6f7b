# badinput: '%(a)s %s' % mapping: an unkeyed conversion after a keyed one has no argument (CPython), never "format requires a mapping"
# expect-exit: 1
# expect-stdout: {'a': 1} 1|1 %
# expect-stderr: TypeError: not enough arguments for format string
print("%s %(a)s" % {"a": 1}, end="|")
print("%(a)s %%" % {"a": 1})
print("%(a)s %s" % {"a": 1})
