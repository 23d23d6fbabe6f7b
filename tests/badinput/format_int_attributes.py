# badinput: str.format reaching int attributes (int had no .real)
# expect-exit: 0
# expect-stdout: 0 5 1 3 2.5
print("{0.real.real.imag}".format(5), (5).numerator, (5).denominator, (7).bit_count(), (2.5).real)
