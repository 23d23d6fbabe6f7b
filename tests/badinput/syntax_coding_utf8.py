# -*- coding: utf-8 -*-
# badinput: a utf-8 coding declaration is accepted
# expect-exit: 0
# expect-stdout: coding ok
print("coding ok")
