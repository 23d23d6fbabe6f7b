# badinput: object attr set
# expect-exit: 1
# expect-stderr: AttributeError: 'object' object has no attribute 'x'
object().x = 1
