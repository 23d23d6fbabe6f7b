# badinput: a field's attribute is missing
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'nope'
'{0.nope}'.format(1)
