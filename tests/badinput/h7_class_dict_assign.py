# badinput: assigning to a class's __dict__
# expect-exit: 1
# expect-stderr: AttributeError: attribute '__dict__' of 'type' objects is not writable
class C: pass
C.__dict__ = {}
