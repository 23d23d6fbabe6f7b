# badinput: percent dict missing (issue 31 sweep)
# expect-exit: 1
# expect-stderr: KeyError: 'a'
print('%(a)s' % {'b': 1})
