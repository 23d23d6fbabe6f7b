# badinput: '%(name)s' with a missing key
# expect-exit: 1
# expect-stderr: KeyError: 'b'
'%(a)s %(b)s' % {'a': 1}
