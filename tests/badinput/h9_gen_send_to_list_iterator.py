# badinput: send() called on a list iterator
# expect-exit: 1
# expect-stderr: AttributeError: 'list_iterator' object has no attribute 'send'
it = iter([1, 2])
it.send(None)
