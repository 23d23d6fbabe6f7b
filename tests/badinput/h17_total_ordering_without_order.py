# badinput: functools.total_ordering on a class defining no ordering method
# expect-exit: 1
# expect-stderr: ValueError: must define at least one ordering operation: < > <= >=
import functools
@functools.total_ordering
class K:
    def __eq__(self, o):
        return True
