# badinput: '%(a)*d' mixes a mapping key with *
# expect-exit: 1
# expect-stderr: TypeError: not enough arguments for format string
"%(a)*d" % {"a": 1}
