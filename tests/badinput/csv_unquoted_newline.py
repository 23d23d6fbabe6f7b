# badinput: csv.reader meets a bare line break inside an unquoted field
# expect-exit: 1
# expect-stderr: _csv.Error: new-line character seen in unquoted field - do you need to open the file in universal-newline mode?
import csv
list(csv.reader(["a,b\rc,d\n"]))
