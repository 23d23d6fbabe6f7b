# badinput: fractions zero den
# expect-exit: 1
# expect-stderr: ZeroDivisionError: Fraction(1, 0)
import fractions
fractions.Fraction(1, 0)
