# badinput: '%(name' with no closing paren
# expect-exit: 1
# expect-stderr: ValueError: incomplete format key
'%(name' % {'name': 1}
