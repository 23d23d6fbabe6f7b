# badinput: hash list
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'list'
hash([1])
