# badinput: too many nested blocks (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: too many statically nested blocks
for x0 in []:
    for x1 in []:
        for x2 in []:
            for x3 in []:
                for x4 in []:
                    for x5 in []:
                        for x6 in []:
                            for x7 in []:
                                for x8 in []:
                                    for x9 in []:
                                        for x10 in []:
                                            for x11 in []:
                                                for x12 in []:
                                                    for x13 in []:
                                                        for x14 in []:
                                                            for x15 in []:
                                                                for x16 in []:
                                                                    for x17 in []:
                                                                        for x18 in []:
                                                                            for x19 in []:
                                                                                for x20 in []:
                                                                                    for x21 in []:
                                                                                        for x22 in []:
                                                                                            for x23 in []:
                                                                                                for x24 in []:
                                                                                                    for x25 in []:
                                                                                                        for x26 in []:
                                                                                                            for x27 in []:
                                                                                                                for x28 in []:
                                                                                                                    for x29 in []:
                                                                                                                        pass
