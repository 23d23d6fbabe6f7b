# badinput: 1500 elif branches run (under the limit)
# expect-exit: 0
# expect-stdout: branch 1499
x = 1499
if x == 1:
    print("branch 1")
elif x == 2:
    print("branch 2")
elif x == 3:
    print("branch 3")
elif x == 4:
    print("branch 4")
elif x == 5:
    print("branch 5")
elif x == 6:
    print("branch 6")
elif x == 7:
    print("branch 7")
elif x == 8:
    print("branch 8")
elif x == 9:
    print("branch 9")
elif x == 10:
    print("branch 10")
elif x == 11:
    print("branch 11")
elif x == 12:
    print("branch 12")
elif x == 13:
    print("branch 13")
elif x == 14:
    print("branch 14")
elif x == 15:
    print("branch 15")
elif x == 16:
    print("branch 16")
elif x == 17:
    print("branch 17")
elif x == 18:
    print("branch 18")
elif x == 19:
    print("branch 19")
elif x == 20:
    print("branch 20")
elif x == 21:
    print("branch 21")
elif x == 22:
    print("branch 22")
elif x == 23:
    print("branch 23")
elif x == 24:
    print("branch 24")
elif x == 25:
    print("branch 25")
elif x == 26:
    print("branch 26")
elif x == 27:
    print("branch 27")
elif x == 28:
    print("branch 28")
elif x == 29:
    print("branch 29")
elif x == 30:
    print("branch 30")
elif x == 31:
    print("branch 31")
elif x == 32:
    print("branch 32")
elif x == 33:
    print("branch 33")
elif x == 34:
    print("branch 34")
elif x == 35:
    print("branch 35")
elif x == 36:
    print("branch 36")
elif x == 37:
    print("branch 37")
elif x == 38:
    print("branch 38")
elif x == 39:
    print("branch 39")
elif x == 40:
    print("branch 40")
elif x == 41:
    print("branch 41")
elif x == 42:
    print("branch 42")
elif x == 43:
    print("branch 43")
elif x == 44:
    print("branch 44")
elif x == 45:
    print("branch 45")
elif x == 46:
    print("branch 46")
elif x == 47:
    print("branch 47")
elif x == 48:
    print("branch 48")
elif x == 49:
    print("branch 49")
elif x == 50:
    print("branch 50")
elif x == 51:
    print("branch 51")
elif x == 52:
    print("branch 52")
elif x == 53:
    print("branch 53")
elif x == 54:
    print("branch 54")
elif x == 55:
    print("branch 55")
elif x == 56:
    print("branch 56")
elif x == 57:
    print("branch 57")
elif x == 58:
    print("branch 58")
elif x == 59:
    print("branch 59")
elif x == 60:
    print("branch 60")
elif x == 61:
    print("branch 61")
elif x == 62:
    print("branch 62")
elif x == 63:
    print("branch 63")
elif x == 64:
    print("branch 64")
elif x == 65:
    print("branch 65")
elif x == 66:
    print("branch 66")
elif x == 67:
    print("branch 67")
elif x == 68:
    print("branch 68")
elif x == 69:
    print("branch 69")
elif x == 70:
    print("branch 70")
elif x == 71:
    print("branch 71")
elif x == 72:
    print("branch 72")
elif x == 73:
    print("branch 73")
elif x == 74:
    print("branch 74")
elif x == 75:
    print("branch 75")
elif x == 76:
    print("branch 76")
elif x == 77:
    print("branch 77")
elif x == 78:
    print("branch 78")
elif x == 79:
    print("branch 79")
elif x == 80:
    print("branch 80")
elif x == 81:
    print("branch 81")
elif x == 82:
    print("branch 82")
elif x == 83:
    print("branch 83")
elif x == 84:
    print("branch 84")
elif x == 85:
    print("branch 85")
elif x == 86:
    print("branch 86")
elif x == 87:
    print("branch 87")
elif x == 88:
    print("branch 88")
elif x == 89:
    print("branch 89")
elif x == 90:
    print("branch 90")
elif x == 91:
    print("branch 91")
elif x == 92:
    print("branch 92")
elif x == 93:
    print("branch 93")
elif x == 94:
    print("branch 94")
elif x == 95:
    print("branch 95")
elif x == 96:
    print("branch 96")
elif x == 97:
    print("branch 97")
elif x == 98:
    print("branch 98")
elif x == 99:
    print("branch 99")
elif x == 100:
    print("branch 100")
elif x == 101:
    print("branch 101")
elif x == 102:
    print("branch 102")
elif x == 103:
    print("branch 103")
elif x == 104:
    print("branch 104")
elif x == 105:
    print("branch 105")
elif x == 106:
    print("branch 106")
elif x == 107:
    print("branch 107")
elif x == 108:
    print("branch 108")
elif x == 109:
    print("branch 109")
elif x == 110:
    print("branch 110")
elif x == 111:
    print("branch 111")
elif x == 112:
    print("branch 112")
elif x == 113:
    print("branch 113")
elif x == 114:
    print("branch 114")
elif x == 115:
    print("branch 115")
elif x == 116:
    print("branch 116")
elif x == 117:
    print("branch 117")
elif x == 118:
    print("branch 118")
elif x == 119:
    print("branch 119")
elif x == 120:
    print("branch 120")
elif x == 121:
    print("branch 121")
elif x == 122:
    print("branch 122")
elif x == 123:
    print("branch 123")
elif x == 124:
    print("branch 124")
elif x == 125:
    print("branch 125")
elif x == 126:
    print("branch 126")
elif x == 127:
    print("branch 127")
elif x == 128:
    print("branch 128")
elif x == 129:
    print("branch 129")
elif x == 130:
    print("branch 130")
elif x == 131:
    print("branch 131")
elif x == 132:
    print("branch 132")
elif x == 133:
    print("branch 133")
elif x == 134:
    print("branch 134")
elif x == 135:
    print("branch 135")
elif x == 136:
    print("branch 136")
elif x == 137:
    print("branch 137")
elif x == 138:
    print("branch 138")
elif x == 139:
    print("branch 139")
elif x == 140:
    print("branch 140")
elif x == 141:
    print("branch 141")
elif x == 142:
    print("branch 142")
elif x == 143:
    print("branch 143")
elif x == 144:
    print("branch 144")
elif x == 145:
    print("branch 145")
elif x == 146:
    print("branch 146")
elif x == 147:
    print("branch 147")
elif x == 148:
    print("branch 148")
elif x == 149:
    print("branch 149")
elif x == 150:
    print("branch 150")
elif x == 151:
    print("branch 151")
elif x == 152:
    print("branch 152")
elif x == 153:
    print("branch 153")
elif x == 154:
    print("branch 154")
elif x == 155:
    print("branch 155")
elif x == 156:
    print("branch 156")
elif x == 157:
    print("branch 157")
elif x == 158:
    print("branch 158")
elif x == 159:
    print("branch 159")
elif x == 160:
    print("branch 160")
elif x == 161:
    print("branch 161")
elif x == 162:
    print("branch 162")
elif x == 163:
    print("branch 163")
elif x == 164:
    print("branch 164")
elif x == 165:
    print("branch 165")
elif x == 166:
    print("branch 166")
elif x == 167:
    print("branch 167")
elif x == 168:
    print("branch 168")
elif x == 169:
    print("branch 169")
elif x == 170:
    print("branch 170")
elif x == 171:
    print("branch 171")
elif x == 172:
    print("branch 172")
elif x == 173:
    print("branch 173")
elif x == 174:
    print("branch 174")
elif x == 175:
    print("branch 175")
elif x == 176:
    print("branch 176")
elif x == 177:
    print("branch 177")
elif x == 178:
    print("branch 178")
elif x == 179:
    print("branch 179")
elif x == 180:
    print("branch 180")
elif x == 181:
    print("branch 181")
elif x == 182:
    print("branch 182")
elif x == 183:
    print("branch 183")
elif x == 184:
    print("branch 184")
elif x == 185:
    print("branch 185")
elif x == 186:
    print("branch 186")
elif x == 187:
    print("branch 187")
elif x == 188:
    print("branch 188")
elif x == 189:
    print("branch 189")
elif x == 190:
    print("branch 190")
elif x == 191:
    print("branch 191")
elif x == 192:
    print("branch 192")
elif x == 193:
    print("branch 193")
elif x == 194:
    print("branch 194")
elif x == 195:
    print("branch 195")
elif x == 196:
    print("branch 196")
elif x == 197:
    print("branch 197")
elif x == 198:
    print("branch 198")
elif x == 199:
    print("branch 199")
elif x == 200:
    print("branch 200")
elif x == 201:
    print("branch 201")
elif x == 202:
    print("branch 202")
elif x == 203:
    print("branch 203")
elif x == 204:
    print("branch 204")
elif x == 205:
    print("branch 205")
elif x == 206:
    print("branch 206")
elif x == 207:
    print("branch 207")
elif x == 208:
    print("branch 208")
elif x == 209:
    print("branch 209")
elif x == 210:
    print("branch 210")
elif x == 211:
    print("branch 211")
elif x == 212:
    print("branch 212")
elif x == 213:
    print("branch 213")
elif x == 214:
    print("branch 214")
elif x == 215:
    print("branch 215")
elif x == 216:
    print("branch 216")
elif x == 217:
    print("branch 217")
elif x == 218:
    print("branch 218")
elif x == 219:
    print("branch 219")
elif x == 220:
    print("branch 220")
elif x == 221:
    print("branch 221")
elif x == 222:
    print("branch 222")
elif x == 223:
    print("branch 223")
elif x == 224:
    print("branch 224")
elif x == 225:
    print("branch 225")
elif x == 226:
    print("branch 226")
elif x == 227:
    print("branch 227")
elif x == 228:
    print("branch 228")
elif x == 229:
    print("branch 229")
elif x == 230:
    print("branch 230")
elif x == 231:
    print("branch 231")
elif x == 232:
    print("branch 232")
elif x == 233:
    print("branch 233")
elif x == 234:
    print("branch 234")
elif x == 235:
    print("branch 235")
elif x == 236:
    print("branch 236")
elif x == 237:
    print("branch 237")
elif x == 238:
    print("branch 238")
elif x == 239:
    print("branch 239")
elif x == 240:
    print("branch 240")
elif x == 241:
    print("branch 241")
elif x == 242:
    print("branch 242")
elif x == 243:
    print("branch 243")
elif x == 244:
    print("branch 244")
elif x == 245:
    print("branch 245")
elif x == 246:
    print("branch 246")
elif x == 247:
    print("branch 247")
elif x == 248:
    print("branch 248")
elif x == 249:
    print("branch 249")
elif x == 250:
    print("branch 250")
elif x == 251:
    print("branch 251")
elif x == 252:
    print("branch 252")
elif x == 253:
    print("branch 253")
elif x == 254:
    print("branch 254")
elif x == 255:
    print("branch 255")
elif x == 256:
    print("branch 256")
elif x == 257:
    print("branch 257")
elif x == 258:
    print("branch 258")
elif x == 259:
    print("branch 259")
elif x == 260:
    print("branch 260")
elif x == 261:
    print("branch 261")
elif x == 262:
    print("branch 262")
elif x == 263:
    print("branch 263")
elif x == 264:
    print("branch 264")
elif x == 265:
    print("branch 265")
elif x == 266:
    print("branch 266")
elif x == 267:
    print("branch 267")
elif x == 268:
    print("branch 268")
elif x == 269:
    print("branch 269")
elif x == 270:
    print("branch 270")
elif x == 271:
    print("branch 271")
elif x == 272:
    print("branch 272")
elif x == 273:
    print("branch 273")
elif x == 274:
    print("branch 274")
elif x == 275:
    print("branch 275")
elif x == 276:
    print("branch 276")
elif x == 277:
    print("branch 277")
elif x == 278:
    print("branch 278")
elif x == 279:
    print("branch 279")
elif x == 280:
    print("branch 280")
elif x == 281:
    print("branch 281")
elif x == 282:
    print("branch 282")
elif x == 283:
    print("branch 283")
elif x == 284:
    print("branch 284")
elif x == 285:
    print("branch 285")
elif x == 286:
    print("branch 286")
elif x == 287:
    print("branch 287")
elif x == 288:
    print("branch 288")
elif x == 289:
    print("branch 289")
elif x == 290:
    print("branch 290")
elif x == 291:
    print("branch 291")
elif x == 292:
    print("branch 292")
elif x == 293:
    print("branch 293")
elif x == 294:
    print("branch 294")
elif x == 295:
    print("branch 295")
elif x == 296:
    print("branch 296")
elif x == 297:
    print("branch 297")
elif x == 298:
    print("branch 298")
elif x == 299:
    print("branch 299")
elif x == 300:
    print("branch 300")
elif x == 301:
    print("branch 301")
elif x == 302:
    print("branch 302")
elif x == 303:
    print("branch 303")
elif x == 304:
    print("branch 304")
elif x == 305:
    print("branch 305")
elif x == 306:
    print("branch 306")
elif x == 307:
    print("branch 307")
elif x == 308:
    print("branch 308")
elif x == 309:
    print("branch 309")
elif x == 310:
    print("branch 310")
elif x == 311:
    print("branch 311")
elif x == 312:
    print("branch 312")
elif x == 313:
    print("branch 313")
elif x == 314:
    print("branch 314")
elif x == 315:
    print("branch 315")
elif x == 316:
    print("branch 316")
elif x == 317:
    print("branch 317")
elif x == 318:
    print("branch 318")
elif x == 319:
    print("branch 319")
elif x == 320:
    print("branch 320")
elif x == 321:
    print("branch 321")
elif x == 322:
    print("branch 322")
elif x == 323:
    print("branch 323")
elif x == 324:
    print("branch 324")
elif x == 325:
    print("branch 325")
elif x == 326:
    print("branch 326")
elif x == 327:
    print("branch 327")
elif x == 328:
    print("branch 328")
elif x == 329:
    print("branch 329")
elif x == 330:
    print("branch 330")
elif x == 331:
    print("branch 331")
elif x == 332:
    print("branch 332")
elif x == 333:
    print("branch 333")
elif x == 334:
    print("branch 334")
elif x == 335:
    print("branch 335")
elif x == 336:
    print("branch 336")
elif x == 337:
    print("branch 337")
elif x == 338:
    print("branch 338")
elif x == 339:
    print("branch 339")
elif x == 340:
    print("branch 340")
elif x == 341:
    print("branch 341")
elif x == 342:
    print("branch 342")
elif x == 343:
    print("branch 343")
elif x == 344:
    print("branch 344")
elif x == 345:
    print("branch 345")
elif x == 346:
    print("branch 346")
elif x == 347:
    print("branch 347")
elif x == 348:
    print("branch 348")
elif x == 349:
    print("branch 349")
elif x == 350:
    print("branch 350")
elif x == 351:
    print("branch 351")
elif x == 352:
    print("branch 352")
elif x == 353:
    print("branch 353")
elif x == 354:
    print("branch 354")
elif x == 355:
    print("branch 355")
elif x == 356:
    print("branch 356")
elif x == 357:
    print("branch 357")
elif x == 358:
    print("branch 358")
elif x == 359:
    print("branch 359")
elif x == 360:
    print("branch 360")
elif x == 361:
    print("branch 361")
elif x == 362:
    print("branch 362")
elif x == 363:
    print("branch 363")
elif x == 364:
    print("branch 364")
elif x == 365:
    print("branch 365")
elif x == 366:
    print("branch 366")
elif x == 367:
    print("branch 367")
elif x == 368:
    print("branch 368")
elif x == 369:
    print("branch 369")
elif x == 370:
    print("branch 370")
elif x == 371:
    print("branch 371")
elif x == 372:
    print("branch 372")
elif x == 373:
    print("branch 373")
elif x == 374:
    print("branch 374")
elif x == 375:
    print("branch 375")
elif x == 376:
    print("branch 376")
elif x == 377:
    print("branch 377")
elif x == 378:
    print("branch 378")
elif x == 379:
    print("branch 379")
elif x == 380:
    print("branch 380")
elif x == 381:
    print("branch 381")
elif x == 382:
    print("branch 382")
elif x == 383:
    print("branch 383")
elif x == 384:
    print("branch 384")
elif x == 385:
    print("branch 385")
elif x == 386:
    print("branch 386")
elif x == 387:
    print("branch 387")
elif x == 388:
    print("branch 388")
elif x == 389:
    print("branch 389")
elif x == 390:
    print("branch 390")
elif x == 391:
    print("branch 391")
elif x == 392:
    print("branch 392")
elif x == 393:
    print("branch 393")
elif x == 394:
    print("branch 394")
elif x == 395:
    print("branch 395")
elif x == 396:
    print("branch 396")
elif x == 397:
    print("branch 397")
elif x == 398:
    print("branch 398")
elif x == 399:
    print("branch 399")
elif x == 400:
    print("branch 400")
elif x == 401:
    print("branch 401")
elif x == 402:
    print("branch 402")
elif x == 403:
    print("branch 403")
elif x == 404:
    print("branch 404")
elif x == 405:
    print("branch 405")
elif x == 406:
    print("branch 406")
elif x == 407:
    print("branch 407")
elif x == 408:
    print("branch 408")
elif x == 409:
    print("branch 409")
elif x == 410:
    print("branch 410")
elif x == 411:
    print("branch 411")
elif x == 412:
    print("branch 412")
elif x == 413:
    print("branch 413")
elif x == 414:
    print("branch 414")
elif x == 415:
    print("branch 415")
elif x == 416:
    print("branch 416")
elif x == 417:
    print("branch 417")
elif x == 418:
    print("branch 418")
elif x == 419:
    print("branch 419")
elif x == 420:
    print("branch 420")
elif x == 421:
    print("branch 421")
elif x == 422:
    print("branch 422")
elif x == 423:
    print("branch 423")
elif x == 424:
    print("branch 424")
elif x == 425:
    print("branch 425")
elif x == 426:
    print("branch 426")
elif x == 427:
    print("branch 427")
elif x == 428:
    print("branch 428")
elif x == 429:
    print("branch 429")
elif x == 430:
    print("branch 430")
elif x == 431:
    print("branch 431")
elif x == 432:
    print("branch 432")
elif x == 433:
    print("branch 433")
elif x == 434:
    print("branch 434")
elif x == 435:
    print("branch 435")
elif x == 436:
    print("branch 436")
elif x == 437:
    print("branch 437")
elif x == 438:
    print("branch 438")
elif x == 439:
    print("branch 439")
elif x == 440:
    print("branch 440")
elif x == 441:
    print("branch 441")
elif x == 442:
    print("branch 442")
elif x == 443:
    print("branch 443")
elif x == 444:
    print("branch 444")
elif x == 445:
    print("branch 445")
elif x == 446:
    print("branch 446")
elif x == 447:
    print("branch 447")
elif x == 448:
    print("branch 448")
elif x == 449:
    print("branch 449")
elif x == 450:
    print("branch 450")
elif x == 451:
    print("branch 451")
elif x == 452:
    print("branch 452")
elif x == 453:
    print("branch 453")
elif x == 454:
    print("branch 454")
elif x == 455:
    print("branch 455")
elif x == 456:
    print("branch 456")
elif x == 457:
    print("branch 457")
elif x == 458:
    print("branch 458")
elif x == 459:
    print("branch 459")
elif x == 460:
    print("branch 460")
elif x == 461:
    print("branch 461")
elif x == 462:
    print("branch 462")
elif x == 463:
    print("branch 463")
elif x == 464:
    print("branch 464")
elif x == 465:
    print("branch 465")
elif x == 466:
    print("branch 466")
elif x == 467:
    print("branch 467")
elif x == 468:
    print("branch 468")
elif x == 469:
    print("branch 469")
elif x == 470:
    print("branch 470")
elif x == 471:
    print("branch 471")
elif x == 472:
    print("branch 472")
elif x == 473:
    print("branch 473")
elif x == 474:
    print("branch 474")
elif x == 475:
    print("branch 475")
elif x == 476:
    print("branch 476")
elif x == 477:
    print("branch 477")
elif x == 478:
    print("branch 478")
elif x == 479:
    print("branch 479")
elif x == 480:
    print("branch 480")
elif x == 481:
    print("branch 481")
elif x == 482:
    print("branch 482")
elif x == 483:
    print("branch 483")
elif x == 484:
    print("branch 484")
elif x == 485:
    print("branch 485")
elif x == 486:
    print("branch 486")
elif x == 487:
    print("branch 487")
elif x == 488:
    print("branch 488")
elif x == 489:
    print("branch 489")
elif x == 490:
    print("branch 490")
elif x == 491:
    print("branch 491")
elif x == 492:
    print("branch 492")
elif x == 493:
    print("branch 493")
elif x == 494:
    print("branch 494")
elif x == 495:
    print("branch 495")
elif x == 496:
    print("branch 496")
elif x == 497:
    print("branch 497")
elif x == 498:
    print("branch 498")
elif x == 499:
    print("branch 499")
elif x == 500:
    print("branch 500")
elif x == 501:
    print("branch 501")
elif x == 502:
    print("branch 502")
elif x == 503:
    print("branch 503")
elif x == 504:
    print("branch 504")
elif x == 505:
    print("branch 505")
elif x == 506:
    print("branch 506")
elif x == 507:
    print("branch 507")
elif x == 508:
    print("branch 508")
elif x == 509:
    print("branch 509")
elif x == 510:
    print("branch 510")
elif x == 511:
    print("branch 511")
elif x == 512:
    print("branch 512")
elif x == 513:
    print("branch 513")
elif x == 514:
    print("branch 514")
elif x == 515:
    print("branch 515")
elif x == 516:
    print("branch 516")
elif x == 517:
    print("branch 517")
elif x == 518:
    print("branch 518")
elif x == 519:
    print("branch 519")
elif x == 520:
    print("branch 520")
elif x == 521:
    print("branch 521")
elif x == 522:
    print("branch 522")
elif x == 523:
    print("branch 523")
elif x == 524:
    print("branch 524")
elif x == 525:
    print("branch 525")
elif x == 526:
    print("branch 526")
elif x == 527:
    print("branch 527")
elif x == 528:
    print("branch 528")
elif x == 529:
    print("branch 529")
elif x == 530:
    print("branch 530")
elif x == 531:
    print("branch 531")
elif x == 532:
    print("branch 532")
elif x == 533:
    print("branch 533")
elif x == 534:
    print("branch 534")
elif x == 535:
    print("branch 535")
elif x == 536:
    print("branch 536")
elif x == 537:
    print("branch 537")
elif x == 538:
    print("branch 538")
elif x == 539:
    print("branch 539")
elif x == 540:
    print("branch 540")
elif x == 541:
    print("branch 541")
elif x == 542:
    print("branch 542")
elif x == 543:
    print("branch 543")
elif x == 544:
    print("branch 544")
elif x == 545:
    print("branch 545")
elif x == 546:
    print("branch 546")
elif x == 547:
    print("branch 547")
elif x == 548:
    print("branch 548")
elif x == 549:
    print("branch 549")
elif x == 550:
    print("branch 550")
elif x == 551:
    print("branch 551")
elif x == 552:
    print("branch 552")
elif x == 553:
    print("branch 553")
elif x == 554:
    print("branch 554")
elif x == 555:
    print("branch 555")
elif x == 556:
    print("branch 556")
elif x == 557:
    print("branch 557")
elif x == 558:
    print("branch 558")
elif x == 559:
    print("branch 559")
elif x == 560:
    print("branch 560")
elif x == 561:
    print("branch 561")
elif x == 562:
    print("branch 562")
elif x == 563:
    print("branch 563")
elif x == 564:
    print("branch 564")
elif x == 565:
    print("branch 565")
elif x == 566:
    print("branch 566")
elif x == 567:
    print("branch 567")
elif x == 568:
    print("branch 568")
elif x == 569:
    print("branch 569")
elif x == 570:
    print("branch 570")
elif x == 571:
    print("branch 571")
elif x == 572:
    print("branch 572")
elif x == 573:
    print("branch 573")
elif x == 574:
    print("branch 574")
elif x == 575:
    print("branch 575")
elif x == 576:
    print("branch 576")
elif x == 577:
    print("branch 577")
elif x == 578:
    print("branch 578")
elif x == 579:
    print("branch 579")
elif x == 580:
    print("branch 580")
elif x == 581:
    print("branch 581")
elif x == 582:
    print("branch 582")
elif x == 583:
    print("branch 583")
elif x == 584:
    print("branch 584")
elif x == 585:
    print("branch 585")
elif x == 586:
    print("branch 586")
elif x == 587:
    print("branch 587")
elif x == 588:
    print("branch 588")
elif x == 589:
    print("branch 589")
elif x == 590:
    print("branch 590")
elif x == 591:
    print("branch 591")
elif x == 592:
    print("branch 592")
elif x == 593:
    print("branch 593")
elif x == 594:
    print("branch 594")
elif x == 595:
    print("branch 595")
elif x == 596:
    print("branch 596")
elif x == 597:
    print("branch 597")
elif x == 598:
    print("branch 598")
elif x == 599:
    print("branch 599")
elif x == 600:
    print("branch 600")
elif x == 601:
    print("branch 601")
elif x == 602:
    print("branch 602")
elif x == 603:
    print("branch 603")
elif x == 604:
    print("branch 604")
elif x == 605:
    print("branch 605")
elif x == 606:
    print("branch 606")
elif x == 607:
    print("branch 607")
elif x == 608:
    print("branch 608")
elif x == 609:
    print("branch 609")
elif x == 610:
    print("branch 610")
elif x == 611:
    print("branch 611")
elif x == 612:
    print("branch 612")
elif x == 613:
    print("branch 613")
elif x == 614:
    print("branch 614")
elif x == 615:
    print("branch 615")
elif x == 616:
    print("branch 616")
elif x == 617:
    print("branch 617")
elif x == 618:
    print("branch 618")
elif x == 619:
    print("branch 619")
elif x == 620:
    print("branch 620")
elif x == 621:
    print("branch 621")
elif x == 622:
    print("branch 622")
elif x == 623:
    print("branch 623")
elif x == 624:
    print("branch 624")
elif x == 625:
    print("branch 625")
elif x == 626:
    print("branch 626")
elif x == 627:
    print("branch 627")
elif x == 628:
    print("branch 628")
elif x == 629:
    print("branch 629")
elif x == 630:
    print("branch 630")
elif x == 631:
    print("branch 631")
elif x == 632:
    print("branch 632")
elif x == 633:
    print("branch 633")
elif x == 634:
    print("branch 634")
elif x == 635:
    print("branch 635")
elif x == 636:
    print("branch 636")
elif x == 637:
    print("branch 637")
elif x == 638:
    print("branch 638")
elif x == 639:
    print("branch 639")
elif x == 640:
    print("branch 640")
elif x == 641:
    print("branch 641")
elif x == 642:
    print("branch 642")
elif x == 643:
    print("branch 643")
elif x == 644:
    print("branch 644")
elif x == 645:
    print("branch 645")
elif x == 646:
    print("branch 646")
elif x == 647:
    print("branch 647")
elif x == 648:
    print("branch 648")
elif x == 649:
    print("branch 649")
elif x == 650:
    print("branch 650")
elif x == 651:
    print("branch 651")
elif x == 652:
    print("branch 652")
elif x == 653:
    print("branch 653")
elif x == 654:
    print("branch 654")
elif x == 655:
    print("branch 655")
elif x == 656:
    print("branch 656")
elif x == 657:
    print("branch 657")
elif x == 658:
    print("branch 658")
elif x == 659:
    print("branch 659")
elif x == 660:
    print("branch 660")
elif x == 661:
    print("branch 661")
elif x == 662:
    print("branch 662")
elif x == 663:
    print("branch 663")
elif x == 664:
    print("branch 664")
elif x == 665:
    print("branch 665")
elif x == 666:
    print("branch 666")
elif x == 667:
    print("branch 667")
elif x == 668:
    print("branch 668")
elif x == 669:
    print("branch 669")
elif x == 670:
    print("branch 670")
elif x == 671:
    print("branch 671")
elif x == 672:
    print("branch 672")
elif x == 673:
    print("branch 673")
elif x == 674:
    print("branch 674")
elif x == 675:
    print("branch 675")
elif x == 676:
    print("branch 676")
elif x == 677:
    print("branch 677")
elif x == 678:
    print("branch 678")
elif x == 679:
    print("branch 679")
elif x == 680:
    print("branch 680")
elif x == 681:
    print("branch 681")
elif x == 682:
    print("branch 682")
elif x == 683:
    print("branch 683")
elif x == 684:
    print("branch 684")
elif x == 685:
    print("branch 685")
elif x == 686:
    print("branch 686")
elif x == 687:
    print("branch 687")
elif x == 688:
    print("branch 688")
elif x == 689:
    print("branch 689")
elif x == 690:
    print("branch 690")
elif x == 691:
    print("branch 691")
elif x == 692:
    print("branch 692")
elif x == 693:
    print("branch 693")
elif x == 694:
    print("branch 694")
elif x == 695:
    print("branch 695")
elif x == 696:
    print("branch 696")
elif x == 697:
    print("branch 697")
elif x == 698:
    print("branch 698")
elif x == 699:
    print("branch 699")
elif x == 700:
    print("branch 700")
elif x == 701:
    print("branch 701")
elif x == 702:
    print("branch 702")
elif x == 703:
    print("branch 703")
elif x == 704:
    print("branch 704")
elif x == 705:
    print("branch 705")
elif x == 706:
    print("branch 706")
elif x == 707:
    print("branch 707")
elif x == 708:
    print("branch 708")
elif x == 709:
    print("branch 709")
elif x == 710:
    print("branch 710")
elif x == 711:
    print("branch 711")
elif x == 712:
    print("branch 712")
elif x == 713:
    print("branch 713")
elif x == 714:
    print("branch 714")
elif x == 715:
    print("branch 715")
elif x == 716:
    print("branch 716")
elif x == 717:
    print("branch 717")
elif x == 718:
    print("branch 718")
elif x == 719:
    print("branch 719")
elif x == 720:
    print("branch 720")
elif x == 721:
    print("branch 721")
elif x == 722:
    print("branch 722")
elif x == 723:
    print("branch 723")
elif x == 724:
    print("branch 724")
elif x == 725:
    print("branch 725")
elif x == 726:
    print("branch 726")
elif x == 727:
    print("branch 727")
elif x == 728:
    print("branch 728")
elif x == 729:
    print("branch 729")
elif x == 730:
    print("branch 730")
elif x == 731:
    print("branch 731")
elif x == 732:
    print("branch 732")
elif x == 733:
    print("branch 733")
elif x == 734:
    print("branch 734")
elif x == 735:
    print("branch 735")
elif x == 736:
    print("branch 736")
elif x == 737:
    print("branch 737")
elif x == 738:
    print("branch 738")
elif x == 739:
    print("branch 739")
elif x == 740:
    print("branch 740")
elif x == 741:
    print("branch 741")
elif x == 742:
    print("branch 742")
elif x == 743:
    print("branch 743")
elif x == 744:
    print("branch 744")
elif x == 745:
    print("branch 745")
elif x == 746:
    print("branch 746")
elif x == 747:
    print("branch 747")
elif x == 748:
    print("branch 748")
elif x == 749:
    print("branch 749")
elif x == 750:
    print("branch 750")
elif x == 751:
    print("branch 751")
elif x == 752:
    print("branch 752")
elif x == 753:
    print("branch 753")
elif x == 754:
    print("branch 754")
elif x == 755:
    print("branch 755")
elif x == 756:
    print("branch 756")
elif x == 757:
    print("branch 757")
elif x == 758:
    print("branch 758")
elif x == 759:
    print("branch 759")
elif x == 760:
    print("branch 760")
elif x == 761:
    print("branch 761")
elif x == 762:
    print("branch 762")
elif x == 763:
    print("branch 763")
elif x == 764:
    print("branch 764")
elif x == 765:
    print("branch 765")
elif x == 766:
    print("branch 766")
elif x == 767:
    print("branch 767")
elif x == 768:
    print("branch 768")
elif x == 769:
    print("branch 769")
elif x == 770:
    print("branch 770")
elif x == 771:
    print("branch 771")
elif x == 772:
    print("branch 772")
elif x == 773:
    print("branch 773")
elif x == 774:
    print("branch 774")
elif x == 775:
    print("branch 775")
elif x == 776:
    print("branch 776")
elif x == 777:
    print("branch 777")
elif x == 778:
    print("branch 778")
elif x == 779:
    print("branch 779")
elif x == 780:
    print("branch 780")
elif x == 781:
    print("branch 781")
elif x == 782:
    print("branch 782")
elif x == 783:
    print("branch 783")
elif x == 784:
    print("branch 784")
elif x == 785:
    print("branch 785")
elif x == 786:
    print("branch 786")
elif x == 787:
    print("branch 787")
elif x == 788:
    print("branch 788")
elif x == 789:
    print("branch 789")
elif x == 790:
    print("branch 790")
elif x == 791:
    print("branch 791")
elif x == 792:
    print("branch 792")
elif x == 793:
    print("branch 793")
elif x == 794:
    print("branch 794")
elif x == 795:
    print("branch 795")
elif x == 796:
    print("branch 796")
elif x == 797:
    print("branch 797")
elif x == 798:
    print("branch 798")
elif x == 799:
    print("branch 799")
elif x == 800:
    print("branch 800")
elif x == 801:
    print("branch 801")
elif x == 802:
    print("branch 802")
elif x == 803:
    print("branch 803")
elif x == 804:
    print("branch 804")
elif x == 805:
    print("branch 805")
elif x == 806:
    print("branch 806")
elif x == 807:
    print("branch 807")
elif x == 808:
    print("branch 808")
elif x == 809:
    print("branch 809")
elif x == 810:
    print("branch 810")
elif x == 811:
    print("branch 811")
elif x == 812:
    print("branch 812")
elif x == 813:
    print("branch 813")
elif x == 814:
    print("branch 814")
elif x == 815:
    print("branch 815")
elif x == 816:
    print("branch 816")
elif x == 817:
    print("branch 817")
elif x == 818:
    print("branch 818")
elif x == 819:
    print("branch 819")
elif x == 820:
    print("branch 820")
elif x == 821:
    print("branch 821")
elif x == 822:
    print("branch 822")
elif x == 823:
    print("branch 823")
elif x == 824:
    print("branch 824")
elif x == 825:
    print("branch 825")
elif x == 826:
    print("branch 826")
elif x == 827:
    print("branch 827")
elif x == 828:
    print("branch 828")
elif x == 829:
    print("branch 829")
elif x == 830:
    print("branch 830")
elif x == 831:
    print("branch 831")
elif x == 832:
    print("branch 832")
elif x == 833:
    print("branch 833")
elif x == 834:
    print("branch 834")
elif x == 835:
    print("branch 835")
elif x == 836:
    print("branch 836")
elif x == 837:
    print("branch 837")
elif x == 838:
    print("branch 838")
elif x == 839:
    print("branch 839")
elif x == 840:
    print("branch 840")
elif x == 841:
    print("branch 841")
elif x == 842:
    print("branch 842")
elif x == 843:
    print("branch 843")
elif x == 844:
    print("branch 844")
elif x == 845:
    print("branch 845")
elif x == 846:
    print("branch 846")
elif x == 847:
    print("branch 847")
elif x == 848:
    print("branch 848")
elif x == 849:
    print("branch 849")
elif x == 850:
    print("branch 850")
elif x == 851:
    print("branch 851")
elif x == 852:
    print("branch 852")
elif x == 853:
    print("branch 853")
elif x == 854:
    print("branch 854")
elif x == 855:
    print("branch 855")
elif x == 856:
    print("branch 856")
elif x == 857:
    print("branch 857")
elif x == 858:
    print("branch 858")
elif x == 859:
    print("branch 859")
elif x == 860:
    print("branch 860")
elif x == 861:
    print("branch 861")
elif x == 862:
    print("branch 862")
elif x == 863:
    print("branch 863")
elif x == 864:
    print("branch 864")
elif x == 865:
    print("branch 865")
elif x == 866:
    print("branch 866")
elif x == 867:
    print("branch 867")
elif x == 868:
    print("branch 868")
elif x == 869:
    print("branch 869")
elif x == 870:
    print("branch 870")
elif x == 871:
    print("branch 871")
elif x == 872:
    print("branch 872")
elif x == 873:
    print("branch 873")
elif x == 874:
    print("branch 874")
elif x == 875:
    print("branch 875")
elif x == 876:
    print("branch 876")
elif x == 877:
    print("branch 877")
elif x == 878:
    print("branch 878")
elif x == 879:
    print("branch 879")
elif x == 880:
    print("branch 880")
elif x == 881:
    print("branch 881")
elif x == 882:
    print("branch 882")
elif x == 883:
    print("branch 883")
elif x == 884:
    print("branch 884")
elif x == 885:
    print("branch 885")
elif x == 886:
    print("branch 886")
elif x == 887:
    print("branch 887")
elif x == 888:
    print("branch 888")
elif x == 889:
    print("branch 889")
elif x == 890:
    print("branch 890")
elif x == 891:
    print("branch 891")
elif x == 892:
    print("branch 892")
elif x == 893:
    print("branch 893")
elif x == 894:
    print("branch 894")
elif x == 895:
    print("branch 895")
elif x == 896:
    print("branch 896")
elif x == 897:
    print("branch 897")
elif x == 898:
    print("branch 898")
elif x == 899:
    print("branch 899")
elif x == 900:
    print("branch 900")
elif x == 901:
    print("branch 901")
elif x == 902:
    print("branch 902")
elif x == 903:
    print("branch 903")
elif x == 904:
    print("branch 904")
elif x == 905:
    print("branch 905")
elif x == 906:
    print("branch 906")
elif x == 907:
    print("branch 907")
elif x == 908:
    print("branch 908")
elif x == 909:
    print("branch 909")
elif x == 910:
    print("branch 910")
elif x == 911:
    print("branch 911")
elif x == 912:
    print("branch 912")
elif x == 913:
    print("branch 913")
elif x == 914:
    print("branch 914")
elif x == 915:
    print("branch 915")
elif x == 916:
    print("branch 916")
elif x == 917:
    print("branch 917")
elif x == 918:
    print("branch 918")
elif x == 919:
    print("branch 919")
elif x == 920:
    print("branch 920")
elif x == 921:
    print("branch 921")
elif x == 922:
    print("branch 922")
elif x == 923:
    print("branch 923")
elif x == 924:
    print("branch 924")
elif x == 925:
    print("branch 925")
elif x == 926:
    print("branch 926")
elif x == 927:
    print("branch 927")
elif x == 928:
    print("branch 928")
elif x == 929:
    print("branch 929")
elif x == 930:
    print("branch 930")
elif x == 931:
    print("branch 931")
elif x == 932:
    print("branch 932")
elif x == 933:
    print("branch 933")
elif x == 934:
    print("branch 934")
elif x == 935:
    print("branch 935")
elif x == 936:
    print("branch 936")
elif x == 937:
    print("branch 937")
elif x == 938:
    print("branch 938")
elif x == 939:
    print("branch 939")
elif x == 940:
    print("branch 940")
elif x == 941:
    print("branch 941")
elif x == 942:
    print("branch 942")
elif x == 943:
    print("branch 943")
elif x == 944:
    print("branch 944")
elif x == 945:
    print("branch 945")
elif x == 946:
    print("branch 946")
elif x == 947:
    print("branch 947")
elif x == 948:
    print("branch 948")
elif x == 949:
    print("branch 949")
elif x == 950:
    print("branch 950")
elif x == 951:
    print("branch 951")
elif x == 952:
    print("branch 952")
elif x == 953:
    print("branch 953")
elif x == 954:
    print("branch 954")
elif x == 955:
    print("branch 955")
elif x == 956:
    print("branch 956")
elif x == 957:
    print("branch 957")
elif x == 958:
    print("branch 958")
elif x == 959:
    print("branch 959")
elif x == 960:
    print("branch 960")
elif x == 961:
    print("branch 961")
elif x == 962:
    print("branch 962")
elif x == 963:
    print("branch 963")
elif x == 964:
    print("branch 964")
elif x == 965:
    print("branch 965")
elif x == 966:
    print("branch 966")
elif x == 967:
    print("branch 967")
elif x == 968:
    print("branch 968")
elif x == 969:
    print("branch 969")
elif x == 970:
    print("branch 970")
elif x == 971:
    print("branch 971")
elif x == 972:
    print("branch 972")
elif x == 973:
    print("branch 973")
elif x == 974:
    print("branch 974")
elif x == 975:
    print("branch 975")
elif x == 976:
    print("branch 976")
elif x == 977:
    print("branch 977")
elif x == 978:
    print("branch 978")
elif x == 979:
    print("branch 979")
elif x == 980:
    print("branch 980")
elif x == 981:
    print("branch 981")
elif x == 982:
    print("branch 982")
elif x == 983:
    print("branch 983")
elif x == 984:
    print("branch 984")
elif x == 985:
    print("branch 985")
elif x == 986:
    print("branch 986")
elif x == 987:
    print("branch 987")
elif x == 988:
    print("branch 988")
elif x == 989:
    print("branch 989")
elif x == 990:
    print("branch 990")
elif x == 991:
    print("branch 991")
elif x == 992:
    print("branch 992")
elif x == 993:
    print("branch 993")
elif x == 994:
    print("branch 994")
elif x == 995:
    print("branch 995")
elif x == 996:
    print("branch 996")
elif x == 997:
    print("branch 997")
elif x == 998:
    print("branch 998")
elif x == 999:
    print("branch 999")
elif x == 1000:
    print("branch 1000")
elif x == 1001:
    print("branch 1001")
elif x == 1002:
    print("branch 1002")
elif x == 1003:
    print("branch 1003")
elif x == 1004:
    print("branch 1004")
elif x == 1005:
    print("branch 1005")
elif x == 1006:
    print("branch 1006")
elif x == 1007:
    print("branch 1007")
elif x == 1008:
    print("branch 1008")
elif x == 1009:
    print("branch 1009")
elif x == 1010:
    print("branch 1010")
elif x == 1011:
    print("branch 1011")
elif x == 1012:
    print("branch 1012")
elif x == 1013:
    print("branch 1013")
elif x == 1014:
    print("branch 1014")
elif x == 1015:
    print("branch 1015")
elif x == 1016:
    print("branch 1016")
elif x == 1017:
    print("branch 1017")
elif x == 1018:
    print("branch 1018")
elif x == 1019:
    print("branch 1019")
elif x == 1020:
    print("branch 1020")
elif x == 1021:
    print("branch 1021")
elif x == 1022:
    print("branch 1022")
elif x == 1023:
    print("branch 1023")
elif x == 1024:
    print("branch 1024")
elif x == 1025:
    print("branch 1025")
elif x == 1026:
    print("branch 1026")
elif x == 1027:
    print("branch 1027")
elif x == 1028:
    print("branch 1028")
elif x == 1029:
    print("branch 1029")
elif x == 1030:
    print("branch 1030")
elif x == 1031:
    print("branch 1031")
elif x == 1032:
    print("branch 1032")
elif x == 1033:
    print("branch 1033")
elif x == 1034:
    print("branch 1034")
elif x == 1035:
    print("branch 1035")
elif x == 1036:
    print("branch 1036")
elif x == 1037:
    print("branch 1037")
elif x == 1038:
    print("branch 1038")
elif x == 1039:
    print("branch 1039")
elif x == 1040:
    print("branch 1040")
elif x == 1041:
    print("branch 1041")
elif x == 1042:
    print("branch 1042")
elif x == 1043:
    print("branch 1043")
elif x == 1044:
    print("branch 1044")
elif x == 1045:
    print("branch 1045")
elif x == 1046:
    print("branch 1046")
elif x == 1047:
    print("branch 1047")
elif x == 1048:
    print("branch 1048")
elif x == 1049:
    print("branch 1049")
elif x == 1050:
    print("branch 1050")
elif x == 1051:
    print("branch 1051")
elif x == 1052:
    print("branch 1052")
elif x == 1053:
    print("branch 1053")
elif x == 1054:
    print("branch 1054")
elif x == 1055:
    print("branch 1055")
elif x == 1056:
    print("branch 1056")
elif x == 1057:
    print("branch 1057")
elif x == 1058:
    print("branch 1058")
elif x == 1059:
    print("branch 1059")
elif x == 1060:
    print("branch 1060")
elif x == 1061:
    print("branch 1061")
elif x == 1062:
    print("branch 1062")
elif x == 1063:
    print("branch 1063")
elif x == 1064:
    print("branch 1064")
elif x == 1065:
    print("branch 1065")
elif x == 1066:
    print("branch 1066")
elif x == 1067:
    print("branch 1067")
elif x == 1068:
    print("branch 1068")
elif x == 1069:
    print("branch 1069")
elif x == 1070:
    print("branch 1070")
elif x == 1071:
    print("branch 1071")
elif x == 1072:
    print("branch 1072")
elif x == 1073:
    print("branch 1073")
elif x == 1074:
    print("branch 1074")
elif x == 1075:
    print("branch 1075")
elif x == 1076:
    print("branch 1076")
elif x == 1077:
    print("branch 1077")
elif x == 1078:
    print("branch 1078")
elif x == 1079:
    print("branch 1079")
elif x == 1080:
    print("branch 1080")
elif x == 1081:
    print("branch 1081")
elif x == 1082:
    print("branch 1082")
elif x == 1083:
    print("branch 1083")
elif x == 1084:
    print("branch 1084")
elif x == 1085:
    print("branch 1085")
elif x == 1086:
    print("branch 1086")
elif x == 1087:
    print("branch 1087")
elif x == 1088:
    print("branch 1088")
elif x == 1089:
    print("branch 1089")
elif x == 1090:
    print("branch 1090")
elif x == 1091:
    print("branch 1091")
elif x == 1092:
    print("branch 1092")
elif x == 1093:
    print("branch 1093")
elif x == 1094:
    print("branch 1094")
elif x == 1095:
    print("branch 1095")
elif x == 1096:
    print("branch 1096")
elif x == 1097:
    print("branch 1097")
elif x == 1098:
    print("branch 1098")
elif x == 1099:
    print("branch 1099")
elif x == 1100:
    print("branch 1100")
elif x == 1101:
    print("branch 1101")
elif x == 1102:
    print("branch 1102")
elif x == 1103:
    print("branch 1103")
elif x == 1104:
    print("branch 1104")
elif x == 1105:
    print("branch 1105")
elif x == 1106:
    print("branch 1106")
elif x == 1107:
    print("branch 1107")
elif x == 1108:
    print("branch 1108")
elif x == 1109:
    print("branch 1109")
elif x == 1110:
    print("branch 1110")
elif x == 1111:
    print("branch 1111")
elif x == 1112:
    print("branch 1112")
elif x == 1113:
    print("branch 1113")
elif x == 1114:
    print("branch 1114")
elif x == 1115:
    print("branch 1115")
elif x == 1116:
    print("branch 1116")
elif x == 1117:
    print("branch 1117")
elif x == 1118:
    print("branch 1118")
elif x == 1119:
    print("branch 1119")
elif x == 1120:
    print("branch 1120")
elif x == 1121:
    print("branch 1121")
elif x == 1122:
    print("branch 1122")
elif x == 1123:
    print("branch 1123")
elif x == 1124:
    print("branch 1124")
elif x == 1125:
    print("branch 1125")
elif x == 1126:
    print("branch 1126")
elif x == 1127:
    print("branch 1127")
elif x == 1128:
    print("branch 1128")
elif x == 1129:
    print("branch 1129")
elif x == 1130:
    print("branch 1130")
elif x == 1131:
    print("branch 1131")
elif x == 1132:
    print("branch 1132")
elif x == 1133:
    print("branch 1133")
elif x == 1134:
    print("branch 1134")
elif x == 1135:
    print("branch 1135")
elif x == 1136:
    print("branch 1136")
elif x == 1137:
    print("branch 1137")
elif x == 1138:
    print("branch 1138")
elif x == 1139:
    print("branch 1139")
elif x == 1140:
    print("branch 1140")
elif x == 1141:
    print("branch 1141")
elif x == 1142:
    print("branch 1142")
elif x == 1143:
    print("branch 1143")
elif x == 1144:
    print("branch 1144")
elif x == 1145:
    print("branch 1145")
elif x == 1146:
    print("branch 1146")
elif x == 1147:
    print("branch 1147")
elif x == 1148:
    print("branch 1148")
elif x == 1149:
    print("branch 1149")
elif x == 1150:
    print("branch 1150")
elif x == 1151:
    print("branch 1151")
elif x == 1152:
    print("branch 1152")
elif x == 1153:
    print("branch 1153")
elif x == 1154:
    print("branch 1154")
elif x == 1155:
    print("branch 1155")
elif x == 1156:
    print("branch 1156")
elif x == 1157:
    print("branch 1157")
elif x == 1158:
    print("branch 1158")
elif x == 1159:
    print("branch 1159")
elif x == 1160:
    print("branch 1160")
elif x == 1161:
    print("branch 1161")
elif x == 1162:
    print("branch 1162")
elif x == 1163:
    print("branch 1163")
elif x == 1164:
    print("branch 1164")
elif x == 1165:
    print("branch 1165")
elif x == 1166:
    print("branch 1166")
elif x == 1167:
    print("branch 1167")
elif x == 1168:
    print("branch 1168")
elif x == 1169:
    print("branch 1169")
elif x == 1170:
    print("branch 1170")
elif x == 1171:
    print("branch 1171")
elif x == 1172:
    print("branch 1172")
elif x == 1173:
    print("branch 1173")
elif x == 1174:
    print("branch 1174")
elif x == 1175:
    print("branch 1175")
elif x == 1176:
    print("branch 1176")
elif x == 1177:
    print("branch 1177")
elif x == 1178:
    print("branch 1178")
elif x == 1179:
    print("branch 1179")
elif x == 1180:
    print("branch 1180")
elif x == 1181:
    print("branch 1181")
elif x == 1182:
    print("branch 1182")
elif x == 1183:
    print("branch 1183")
elif x == 1184:
    print("branch 1184")
elif x == 1185:
    print("branch 1185")
elif x == 1186:
    print("branch 1186")
elif x == 1187:
    print("branch 1187")
elif x == 1188:
    print("branch 1188")
elif x == 1189:
    print("branch 1189")
elif x == 1190:
    print("branch 1190")
elif x == 1191:
    print("branch 1191")
elif x == 1192:
    print("branch 1192")
elif x == 1193:
    print("branch 1193")
elif x == 1194:
    print("branch 1194")
elif x == 1195:
    print("branch 1195")
elif x == 1196:
    print("branch 1196")
elif x == 1197:
    print("branch 1197")
elif x == 1198:
    print("branch 1198")
elif x == 1199:
    print("branch 1199")
elif x == 1200:
    print("branch 1200")
elif x == 1201:
    print("branch 1201")
elif x == 1202:
    print("branch 1202")
elif x == 1203:
    print("branch 1203")
elif x == 1204:
    print("branch 1204")
elif x == 1205:
    print("branch 1205")
elif x == 1206:
    print("branch 1206")
elif x == 1207:
    print("branch 1207")
elif x == 1208:
    print("branch 1208")
elif x == 1209:
    print("branch 1209")
elif x == 1210:
    print("branch 1210")
elif x == 1211:
    print("branch 1211")
elif x == 1212:
    print("branch 1212")
elif x == 1213:
    print("branch 1213")
elif x == 1214:
    print("branch 1214")
elif x == 1215:
    print("branch 1215")
elif x == 1216:
    print("branch 1216")
elif x == 1217:
    print("branch 1217")
elif x == 1218:
    print("branch 1218")
elif x == 1219:
    print("branch 1219")
elif x == 1220:
    print("branch 1220")
elif x == 1221:
    print("branch 1221")
elif x == 1222:
    print("branch 1222")
elif x == 1223:
    print("branch 1223")
elif x == 1224:
    print("branch 1224")
elif x == 1225:
    print("branch 1225")
elif x == 1226:
    print("branch 1226")
elif x == 1227:
    print("branch 1227")
elif x == 1228:
    print("branch 1228")
elif x == 1229:
    print("branch 1229")
elif x == 1230:
    print("branch 1230")
elif x == 1231:
    print("branch 1231")
elif x == 1232:
    print("branch 1232")
elif x == 1233:
    print("branch 1233")
elif x == 1234:
    print("branch 1234")
elif x == 1235:
    print("branch 1235")
elif x == 1236:
    print("branch 1236")
elif x == 1237:
    print("branch 1237")
elif x == 1238:
    print("branch 1238")
elif x == 1239:
    print("branch 1239")
elif x == 1240:
    print("branch 1240")
elif x == 1241:
    print("branch 1241")
elif x == 1242:
    print("branch 1242")
elif x == 1243:
    print("branch 1243")
elif x == 1244:
    print("branch 1244")
elif x == 1245:
    print("branch 1245")
elif x == 1246:
    print("branch 1246")
elif x == 1247:
    print("branch 1247")
elif x == 1248:
    print("branch 1248")
elif x == 1249:
    print("branch 1249")
elif x == 1250:
    print("branch 1250")
elif x == 1251:
    print("branch 1251")
elif x == 1252:
    print("branch 1252")
elif x == 1253:
    print("branch 1253")
elif x == 1254:
    print("branch 1254")
elif x == 1255:
    print("branch 1255")
elif x == 1256:
    print("branch 1256")
elif x == 1257:
    print("branch 1257")
elif x == 1258:
    print("branch 1258")
elif x == 1259:
    print("branch 1259")
elif x == 1260:
    print("branch 1260")
elif x == 1261:
    print("branch 1261")
elif x == 1262:
    print("branch 1262")
elif x == 1263:
    print("branch 1263")
elif x == 1264:
    print("branch 1264")
elif x == 1265:
    print("branch 1265")
elif x == 1266:
    print("branch 1266")
elif x == 1267:
    print("branch 1267")
elif x == 1268:
    print("branch 1268")
elif x == 1269:
    print("branch 1269")
elif x == 1270:
    print("branch 1270")
elif x == 1271:
    print("branch 1271")
elif x == 1272:
    print("branch 1272")
elif x == 1273:
    print("branch 1273")
elif x == 1274:
    print("branch 1274")
elif x == 1275:
    print("branch 1275")
elif x == 1276:
    print("branch 1276")
elif x == 1277:
    print("branch 1277")
elif x == 1278:
    print("branch 1278")
elif x == 1279:
    print("branch 1279")
elif x == 1280:
    print("branch 1280")
elif x == 1281:
    print("branch 1281")
elif x == 1282:
    print("branch 1282")
elif x == 1283:
    print("branch 1283")
elif x == 1284:
    print("branch 1284")
elif x == 1285:
    print("branch 1285")
elif x == 1286:
    print("branch 1286")
elif x == 1287:
    print("branch 1287")
elif x == 1288:
    print("branch 1288")
elif x == 1289:
    print("branch 1289")
elif x == 1290:
    print("branch 1290")
elif x == 1291:
    print("branch 1291")
elif x == 1292:
    print("branch 1292")
elif x == 1293:
    print("branch 1293")
elif x == 1294:
    print("branch 1294")
elif x == 1295:
    print("branch 1295")
elif x == 1296:
    print("branch 1296")
elif x == 1297:
    print("branch 1297")
elif x == 1298:
    print("branch 1298")
elif x == 1299:
    print("branch 1299")
elif x == 1300:
    print("branch 1300")
elif x == 1301:
    print("branch 1301")
elif x == 1302:
    print("branch 1302")
elif x == 1303:
    print("branch 1303")
elif x == 1304:
    print("branch 1304")
elif x == 1305:
    print("branch 1305")
elif x == 1306:
    print("branch 1306")
elif x == 1307:
    print("branch 1307")
elif x == 1308:
    print("branch 1308")
elif x == 1309:
    print("branch 1309")
elif x == 1310:
    print("branch 1310")
elif x == 1311:
    print("branch 1311")
elif x == 1312:
    print("branch 1312")
elif x == 1313:
    print("branch 1313")
elif x == 1314:
    print("branch 1314")
elif x == 1315:
    print("branch 1315")
elif x == 1316:
    print("branch 1316")
elif x == 1317:
    print("branch 1317")
elif x == 1318:
    print("branch 1318")
elif x == 1319:
    print("branch 1319")
elif x == 1320:
    print("branch 1320")
elif x == 1321:
    print("branch 1321")
elif x == 1322:
    print("branch 1322")
elif x == 1323:
    print("branch 1323")
elif x == 1324:
    print("branch 1324")
elif x == 1325:
    print("branch 1325")
elif x == 1326:
    print("branch 1326")
elif x == 1327:
    print("branch 1327")
elif x == 1328:
    print("branch 1328")
elif x == 1329:
    print("branch 1329")
elif x == 1330:
    print("branch 1330")
elif x == 1331:
    print("branch 1331")
elif x == 1332:
    print("branch 1332")
elif x == 1333:
    print("branch 1333")
elif x == 1334:
    print("branch 1334")
elif x == 1335:
    print("branch 1335")
elif x == 1336:
    print("branch 1336")
elif x == 1337:
    print("branch 1337")
elif x == 1338:
    print("branch 1338")
elif x == 1339:
    print("branch 1339")
elif x == 1340:
    print("branch 1340")
elif x == 1341:
    print("branch 1341")
elif x == 1342:
    print("branch 1342")
elif x == 1343:
    print("branch 1343")
elif x == 1344:
    print("branch 1344")
elif x == 1345:
    print("branch 1345")
elif x == 1346:
    print("branch 1346")
elif x == 1347:
    print("branch 1347")
elif x == 1348:
    print("branch 1348")
elif x == 1349:
    print("branch 1349")
elif x == 1350:
    print("branch 1350")
elif x == 1351:
    print("branch 1351")
elif x == 1352:
    print("branch 1352")
elif x == 1353:
    print("branch 1353")
elif x == 1354:
    print("branch 1354")
elif x == 1355:
    print("branch 1355")
elif x == 1356:
    print("branch 1356")
elif x == 1357:
    print("branch 1357")
elif x == 1358:
    print("branch 1358")
elif x == 1359:
    print("branch 1359")
elif x == 1360:
    print("branch 1360")
elif x == 1361:
    print("branch 1361")
elif x == 1362:
    print("branch 1362")
elif x == 1363:
    print("branch 1363")
elif x == 1364:
    print("branch 1364")
elif x == 1365:
    print("branch 1365")
elif x == 1366:
    print("branch 1366")
elif x == 1367:
    print("branch 1367")
elif x == 1368:
    print("branch 1368")
elif x == 1369:
    print("branch 1369")
elif x == 1370:
    print("branch 1370")
elif x == 1371:
    print("branch 1371")
elif x == 1372:
    print("branch 1372")
elif x == 1373:
    print("branch 1373")
elif x == 1374:
    print("branch 1374")
elif x == 1375:
    print("branch 1375")
elif x == 1376:
    print("branch 1376")
elif x == 1377:
    print("branch 1377")
elif x == 1378:
    print("branch 1378")
elif x == 1379:
    print("branch 1379")
elif x == 1380:
    print("branch 1380")
elif x == 1381:
    print("branch 1381")
elif x == 1382:
    print("branch 1382")
elif x == 1383:
    print("branch 1383")
elif x == 1384:
    print("branch 1384")
elif x == 1385:
    print("branch 1385")
elif x == 1386:
    print("branch 1386")
elif x == 1387:
    print("branch 1387")
elif x == 1388:
    print("branch 1388")
elif x == 1389:
    print("branch 1389")
elif x == 1390:
    print("branch 1390")
elif x == 1391:
    print("branch 1391")
elif x == 1392:
    print("branch 1392")
elif x == 1393:
    print("branch 1393")
elif x == 1394:
    print("branch 1394")
elif x == 1395:
    print("branch 1395")
elif x == 1396:
    print("branch 1396")
elif x == 1397:
    print("branch 1397")
elif x == 1398:
    print("branch 1398")
elif x == 1399:
    print("branch 1399")
elif x == 1400:
    print("branch 1400")
elif x == 1401:
    print("branch 1401")
elif x == 1402:
    print("branch 1402")
elif x == 1403:
    print("branch 1403")
elif x == 1404:
    print("branch 1404")
elif x == 1405:
    print("branch 1405")
elif x == 1406:
    print("branch 1406")
elif x == 1407:
    print("branch 1407")
elif x == 1408:
    print("branch 1408")
elif x == 1409:
    print("branch 1409")
elif x == 1410:
    print("branch 1410")
elif x == 1411:
    print("branch 1411")
elif x == 1412:
    print("branch 1412")
elif x == 1413:
    print("branch 1413")
elif x == 1414:
    print("branch 1414")
elif x == 1415:
    print("branch 1415")
elif x == 1416:
    print("branch 1416")
elif x == 1417:
    print("branch 1417")
elif x == 1418:
    print("branch 1418")
elif x == 1419:
    print("branch 1419")
elif x == 1420:
    print("branch 1420")
elif x == 1421:
    print("branch 1421")
elif x == 1422:
    print("branch 1422")
elif x == 1423:
    print("branch 1423")
elif x == 1424:
    print("branch 1424")
elif x == 1425:
    print("branch 1425")
elif x == 1426:
    print("branch 1426")
elif x == 1427:
    print("branch 1427")
elif x == 1428:
    print("branch 1428")
elif x == 1429:
    print("branch 1429")
elif x == 1430:
    print("branch 1430")
elif x == 1431:
    print("branch 1431")
elif x == 1432:
    print("branch 1432")
elif x == 1433:
    print("branch 1433")
elif x == 1434:
    print("branch 1434")
elif x == 1435:
    print("branch 1435")
elif x == 1436:
    print("branch 1436")
elif x == 1437:
    print("branch 1437")
elif x == 1438:
    print("branch 1438")
elif x == 1439:
    print("branch 1439")
elif x == 1440:
    print("branch 1440")
elif x == 1441:
    print("branch 1441")
elif x == 1442:
    print("branch 1442")
elif x == 1443:
    print("branch 1443")
elif x == 1444:
    print("branch 1444")
elif x == 1445:
    print("branch 1445")
elif x == 1446:
    print("branch 1446")
elif x == 1447:
    print("branch 1447")
elif x == 1448:
    print("branch 1448")
elif x == 1449:
    print("branch 1449")
elif x == 1450:
    print("branch 1450")
elif x == 1451:
    print("branch 1451")
elif x == 1452:
    print("branch 1452")
elif x == 1453:
    print("branch 1453")
elif x == 1454:
    print("branch 1454")
elif x == 1455:
    print("branch 1455")
elif x == 1456:
    print("branch 1456")
elif x == 1457:
    print("branch 1457")
elif x == 1458:
    print("branch 1458")
elif x == 1459:
    print("branch 1459")
elif x == 1460:
    print("branch 1460")
elif x == 1461:
    print("branch 1461")
elif x == 1462:
    print("branch 1462")
elif x == 1463:
    print("branch 1463")
elif x == 1464:
    print("branch 1464")
elif x == 1465:
    print("branch 1465")
elif x == 1466:
    print("branch 1466")
elif x == 1467:
    print("branch 1467")
elif x == 1468:
    print("branch 1468")
elif x == 1469:
    print("branch 1469")
elif x == 1470:
    print("branch 1470")
elif x == 1471:
    print("branch 1471")
elif x == 1472:
    print("branch 1472")
elif x == 1473:
    print("branch 1473")
elif x == 1474:
    print("branch 1474")
elif x == 1475:
    print("branch 1475")
elif x == 1476:
    print("branch 1476")
elif x == 1477:
    print("branch 1477")
elif x == 1478:
    print("branch 1478")
elif x == 1479:
    print("branch 1479")
elif x == 1480:
    print("branch 1480")
elif x == 1481:
    print("branch 1481")
elif x == 1482:
    print("branch 1482")
elif x == 1483:
    print("branch 1483")
elif x == 1484:
    print("branch 1484")
elif x == 1485:
    print("branch 1485")
elif x == 1486:
    print("branch 1486")
elif x == 1487:
    print("branch 1487")
elif x == 1488:
    print("branch 1488")
elif x == 1489:
    print("branch 1489")
elif x == 1490:
    print("branch 1490")
elif x == 1491:
    print("branch 1491")
elif x == 1492:
    print("branch 1492")
elif x == 1493:
    print("branch 1493")
elif x == 1494:
    print("branch 1494")
elif x == 1495:
    print("branch 1495")
elif x == 1496:
    print("branch 1496")
elif x == 1497:
    print("branch 1497")
elif x == 1498:
    print("branch 1498")
elif x == 1499:
    print("branch 1499")

