# badinput: list() of an endless generator: the growth happens inside one call
# kiln-args: --max-heap-mb 128
# expect-exit: 1
# expect-stderr: Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)
import itertools
def rows():
    for i in itertools.count():
        yield (i, i)
everything = list(rows())
