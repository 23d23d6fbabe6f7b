# badinput: float('infinity') and '-nan' parse
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: '1e3x'
# expect-stdout: inf nan 1000.0
print(float('infinity'), float('-nan'), float(' +1e3 '))
float('1e3x')
