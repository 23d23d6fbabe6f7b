# badinput: 15000 elif branches (every pass recurses along the chain)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded during compilation
x = 0
if x == 1:
    pass
elif x == 2:
    pass
elif x == 3:
    pass
elif x == 4:
    pass
elif x == 5:
    pass
elif x == 6:
    pass
elif x == 7:
    pass
elif x == 8:
    pass
elif x == 9:
    pass
elif x == 10:
    pass
elif x == 11:
    pass
elif x == 12:
    pass
elif x == 13:
    pass
elif x == 14:
    pass
elif x == 15:
    pass
elif x == 16:
    pass
elif x == 17:
    pass
elif x == 18:
    pass
elif x == 19:
    pass
elif x == 20:
    pass
elif x == 21:
    pass
elif x == 22:
    pass
elif x == 23:
    pass
elif x == 24:
    pass
elif x == 25:
    pass
elif x == 26:
    pass
elif x == 27:
    pass
elif x == 28:
    pass
elif x == 29:
    pass
elif x == 30:
    pass
elif x == 31:
    pass
elif x == 32:
    pass
elif x == 33:
    pass
elif x == 34:
    pass
elif x == 35:
    pass
elif x == 36:
    pass
elif x == 37:
    pass
elif x == 38:
    pass
elif x == 39:
    pass
elif x == 40:
    pass
elif x == 41:
    pass
elif x == 42:
    pass
elif x == 43:
    pass
elif x == 44:
    pass
elif x == 45:
    pass
elif x == 46:
    pass
elif x == 47:
    pass
elif x == 48:
    pass
elif x == 49:
    pass
elif x == 50:
    pass
elif x == 51:
    pass
elif x == 52:
    pass
elif x == 53:
    pass
elif x == 54:
    pass
elif x == 55:
    pass
elif x == 56:
    pass
elif x == 57:
    pass
elif x == 58:
    pass
elif x == 59:
    pass
elif x == 60:
    pass
elif x == 61:
    pass
elif x == 62:
    pass
elif x == 63:
    pass
elif x == 64:
    pass
elif x == 65:
    pass
elif x == 66:
    pass
elif x == 67:
    pass
elif x == 68:
    pass
elif x == 69:
    pass
elif x == 70:
    pass
elif x == 71:
    pass
elif x == 72:
    pass
elif x == 73:
    pass
elif x == 74:
    pass
elif x == 75:
    pass
elif x == 76:
    pass
elif x == 77:
    pass
elif x == 78:
    pass
elif x == 79:
    pass
elif x == 80:
    pass
elif x == 81:
    pass
elif x == 82:
    pass
elif x == 83:
    pass
elif x == 84:
    pass
elif x == 85:
    pass
elif x == 86:
    pass
elif x == 87:
    pass
elif x == 88:
    pass
elif x == 89:
    pass
elif x == 90:
    pass
elif x == 91:
    pass
elif x == 92:
    pass
elif x == 93:
    pass
elif x == 94:
    pass
elif x == 95:
    pass
elif x == 96:
    pass
elif x == 97:
    pass
elif x == 98:
    pass
elif x == 99:
    pass
elif x == 100:
    pass
elif x == 101:
    pass
elif x == 102:
    pass
elif x == 103:
    pass
elif x == 104:
    pass
elif x == 105:
    pass
elif x == 106:
    pass
elif x == 107:
    pass
elif x == 108:
    pass
elif x == 109:
    pass
elif x == 110:
    pass
elif x == 111:
    pass
elif x == 112:
    pass
elif x == 113:
    pass
elif x == 114:
    pass
elif x == 115:
    pass
elif x == 116:
    pass
elif x == 117:
    pass
elif x == 118:
    pass
elif x == 119:
    pass
elif x == 120:
    pass
elif x == 121:
    pass
elif x == 122:
    pass
elif x == 123:
    pass
elif x == 124:
    pass
elif x == 125:
    pass
elif x == 126:
    pass
elif x == 127:
    pass
elif x == 128:
    pass
elif x == 129:
    pass
elif x == 130:
    pass
elif x == 131:
    pass
elif x == 132:
    pass
elif x == 133:
    pass
elif x == 134:
    pass
elif x == 135:
    pass
elif x == 136:
    pass
elif x == 137:
    pass
elif x == 138:
    pass
elif x == 139:
    pass
elif x == 140:
    pass
elif x == 141:
    pass
elif x == 142:
    pass
elif x == 143:
    pass
elif x == 144:
    pass
elif x == 145:
    pass
elif x == 146:
    pass
elif x == 147:
    pass
elif x == 148:
    pass
elif x == 149:
    pass
elif x == 150:
    pass
elif x == 151:
    pass
elif x == 152:
    pass
elif x == 153:
    pass
elif x == 154:
    pass
elif x == 155:
    pass
elif x == 156:
    pass
elif x == 157:
    pass
elif x == 158:
    pass
elif x == 159:
    pass
elif x == 160:
    pass
elif x == 161:
    pass
elif x == 162:
    pass
elif x == 163:
    pass
elif x == 164:
    pass
elif x == 165:
    pass
elif x == 166:
    pass
elif x == 167:
    pass
elif x == 168:
    pass
elif x == 169:
    pass
elif x == 170:
    pass
elif x == 171:
    pass
elif x == 172:
    pass
elif x == 173:
    pass
elif x == 174:
    pass
elif x == 175:
    pass
elif x == 176:
    pass
elif x == 177:
    pass
elif x == 178:
    pass
elif x == 179:
    pass
elif x == 180:
    pass
elif x == 181:
    pass
elif x == 182:
    pass
elif x == 183:
    pass
elif x == 184:
    pass
elif x == 185:
    pass
elif x == 186:
    pass
elif x == 187:
    pass
elif x == 188:
    pass
elif x == 189:
    pass
elif x == 190:
    pass
elif x == 191:
    pass
elif x == 192:
    pass
elif x == 193:
    pass
elif x == 194:
    pass
elif x == 195:
    pass
elif x == 196:
    pass
elif x == 197:
    pass
elif x == 198:
    pass
elif x == 199:
    pass
elif x == 200:
    pass
elif x == 201:
    pass
elif x == 202:
    pass
elif x == 203:
    pass
elif x == 204:
    pass
elif x == 205:
    pass
elif x == 206:
    pass
elif x == 207:
    pass
elif x == 208:
    pass
elif x == 209:
    pass
elif x == 210:
    pass
elif x == 211:
    pass
elif x == 212:
    pass
elif x == 213:
    pass
elif x == 214:
    pass
elif x == 215:
    pass
elif x == 216:
    pass
elif x == 217:
    pass
elif x == 218:
    pass
elif x == 219:
    pass
elif x == 220:
    pass
elif x == 221:
    pass
elif x == 222:
    pass
elif x == 223:
    pass
elif x == 224:
    pass
elif x == 225:
    pass
elif x == 226:
    pass
elif x == 227:
    pass
elif x == 228:
    pass
elif x == 229:
    pass
elif x == 230:
    pass
elif x == 231:
    pass
elif x == 232:
    pass
elif x == 233:
    pass
elif x == 234:
    pass
elif x == 235:
    pass
elif x == 236:
    pass
elif x == 237:
    pass
elif x == 238:
    pass
elif x == 239:
    pass
elif x == 240:
    pass
elif x == 241:
    pass
elif x == 242:
    pass
elif x == 243:
    pass
elif x == 244:
    pass
elif x == 245:
    pass
elif x == 246:
    pass
elif x == 247:
    pass
elif x == 248:
    pass
elif x == 249:
    pass
elif x == 250:
    pass
elif x == 251:
    pass
elif x == 252:
    pass
elif x == 253:
    pass
elif x == 254:
    pass
elif x == 255:
    pass
elif x == 256:
    pass
elif x == 257:
    pass
elif x == 258:
    pass
elif x == 259:
    pass
elif x == 260:
    pass
elif x == 261:
    pass
elif x == 262:
    pass
elif x == 263:
    pass
elif x == 264:
    pass
elif x == 265:
    pass
elif x == 266:
    pass
elif x == 267:
    pass
elif x == 268:
    pass
elif x == 269:
    pass
elif x == 270:
    pass
elif x == 271:
    pass
elif x == 272:
    pass
elif x == 273:
    pass
elif x == 274:
    pass
elif x == 275:
    pass
elif x == 276:
    pass
elif x == 277:
    pass
elif x == 278:
    pass
elif x == 279:
    pass
elif x == 280:
    pass
elif x == 281:
    pass
elif x == 282:
    pass
elif x == 283:
    pass
elif x == 284:
    pass
elif x == 285:
    pass
elif x == 286:
    pass
elif x == 287:
    pass
elif x == 288:
    pass
elif x == 289:
    pass
elif x == 290:
    pass
elif x == 291:
    pass
elif x == 292:
    pass
elif x == 293:
    pass
elif x == 294:
    pass
elif x == 295:
    pass
elif x == 296:
    pass
elif x == 297:
    pass
elif x == 298:
    pass
elif x == 299:
    pass
elif x == 300:
    pass
elif x == 301:
    pass
elif x == 302:
    pass
elif x == 303:
    pass
elif x == 304:
    pass
elif x == 305:
    pass
elif x == 306:
    pass
elif x == 307:
    pass
elif x == 308:
    pass
elif x == 309:
    pass
elif x == 310:
    pass
elif x == 311:
    pass
elif x == 312:
    pass
elif x == 313:
    pass
elif x == 314:
    pass
elif x == 315:
    pass
elif x == 316:
    pass
elif x == 317:
    pass
elif x == 318:
    pass
elif x == 319:
    pass
elif x == 320:
    pass
elif x == 321:
    pass
elif x == 322:
    pass
elif x == 323:
    pass
elif x == 324:
    pass
elif x == 325:
    pass
elif x == 326:
    pass
elif x == 327:
    pass
elif x == 328:
    pass
elif x == 329:
    pass
elif x == 330:
    pass
elif x == 331:
    pass
elif x == 332:
    pass
elif x == 333:
    pass
elif x == 334:
    pass
elif x == 335:
    pass
elif x == 336:
    pass
elif x == 337:
    pass
elif x == 338:
    pass
elif x == 339:
    pass
elif x == 340:
    pass
elif x == 341:
    pass
elif x == 342:
    pass
elif x == 343:
    pass
elif x == 344:
    pass
elif x == 345:
    pass
elif x == 346:
    pass
elif x == 347:
    pass
elif x == 348:
    pass
elif x == 349:
    pass
elif x == 350:
    pass
elif x == 351:
    pass
elif x == 352:
    pass
elif x == 353:
    pass
elif x == 354:
    pass
elif x == 355:
    pass
elif x == 356:
    pass
elif x == 357:
    pass
elif x == 358:
    pass
elif x == 359:
    pass
elif x == 360:
    pass
elif x == 361:
    pass
elif x == 362:
    pass
elif x == 363:
    pass
elif x == 364:
    pass
elif x == 365:
    pass
elif x == 366:
    pass
elif x == 367:
    pass
elif x == 368:
    pass
elif x == 369:
    pass
elif x == 370:
    pass
elif x == 371:
    pass
elif x == 372:
    pass
elif x == 373:
    pass
elif x == 374:
    pass
elif x == 375:
    pass
elif x == 376:
    pass
elif x == 377:
    pass
elif x == 378:
    pass
elif x == 379:
    pass
elif x == 380:
    pass
elif x == 381:
    pass
elif x == 382:
    pass
elif x == 383:
    pass
elif x == 384:
    pass
elif x == 385:
    pass
elif x == 386:
    pass
elif x == 387:
    pass
elif x == 388:
    pass
elif x == 389:
    pass
elif x == 390:
    pass
elif x == 391:
    pass
elif x == 392:
    pass
elif x == 393:
    pass
elif x == 394:
    pass
elif x == 395:
    pass
elif x == 396:
    pass
elif x == 397:
    pass
elif x == 398:
    pass
elif x == 399:
    pass
elif x == 400:
    pass
elif x == 401:
    pass
elif x == 402:
    pass
elif x == 403:
    pass
elif x == 404:
    pass
elif x == 405:
    pass
elif x == 406:
    pass
elif x == 407:
    pass
elif x == 408:
    pass
elif x == 409:
    pass
elif x == 410:
    pass
elif x == 411:
    pass
elif x == 412:
    pass
elif x == 413:
    pass
elif x == 414:
    pass
elif x == 415:
    pass
elif x == 416:
    pass
elif x == 417:
    pass
elif x == 418:
    pass
elif x == 419:
    pass
elif x == 420:
    pass
elif x == 421:
    pass
elif x == 422:
    pass
elif x == 423:
    pass
elif x == 424:
    pass
elif x == 425:
    pass
elif x == 426:
    pass
elif x == 427:
    pass
elif x == 428:
    pass
elif x == 429:
    pass
elif x == 430:
    pass
elif x == 431:
    pass
elif x == 432:
    pass
elif x == 433:
    pass
elif x == 434:
    pass
elif x == 435:
    pass
elif x == 436:
    pass
elif x == 437:
    pass
elif x == 438:
    pass
elif x == 439:
    pass
elif x == 440:
    pass
elif x == 441:
    pass
elif x == 442:
    pass
elif x == 443:
    pass
elif x == 444:
    pass
elif x == 445:
    pass
elif x == 446:
    pass
elif x == 447:
    pass
elif x == 448:
    pass
elif x == 449:
    pass
elif x == 450:
    pass
elif x == 451:
    pass
elif x == 452:
    pass
elif x == 453:
    pass
elif x == 454:
    pass
elif x == 455:
    pass
elif x == 456:
    pass
elif x == 457:
    pass
elif x == 458:
    pass
elif x == 459:
    pass
elif x == 460:
    pass
elif x == 461:
    pass
elif x == 462:
    pass
elif x == 463:
    pass
elif x == 464:
    pass
elif x == 465:
    pass
elif x == 466:
    pass
elif x == 467:
    pass
elif x == 468:
    pass
elif x == 469:
    pass
elif x == 470:
    pass
elif x == 471:
    pass
elif x == 472:
    pass
elif x == 473:
    pass
elif x == 474:
    pass
elif x == 475:
    pass
elif x == 476:
    pass
elif x == 477:
    pass
elif x == 478:
    pass
elif x == 479:
    pass
elif x == 480:
    pass
elif x == 481:
    pass
elif x == 482:
    pass
elif x == 483:
    pass
elif x == 484:
    pass
elif x == 485:
    pass
elif x == 486:
    pass
elif x == 487:
    pass
elif x == 488:
    pass
elif x == 489:
    pass
elif x == 490:
    pass
elif x == 491:
    pass
elif x == 492:
    pass
elif x == 493:
    pass
elif x == 494:
    pass
elif x == 495:
    pass
elif x == 496:
    pass
elif x == 497:
    pass
elif x == 498:
    pass
elif x == 499:
    pass
elif x == 500:
    pass
elif x == 501:
    pass
elif x == 502:
    pass
elif x == 503:
    pass
elif x == 504:
    pass
elif x == 505:
    pass
elif x == 506:
    pass
elif x == 507:
    pass
elif x == 508:
    pass
elif x == 509:
    pass
elif x == 510:
    pass
elif x == 511:
    pass
elif x == 512:
    pass
elif x == 513:
    pass
elif x == 514:
    pass
elif x == 515:
    pass
elif x == 516:
    pass
elif x == 517:
    pass
elif x == 518:
    pass
elif x == 519:
    pass
elif x == 520:
    pass
elif x == 521:
    pass
elif x == 522:
    pass
elif x == 523:
    pass
elif x == 524:
    pass
elif x == 525:
    pass
elif x == 526:
    pass
elif x == 527:
    pass
elif x == 528:
    pass
elif x == 529:
    pass
elif x == 530:
    pass
elif x == 531:
    pass
elif x == 532:
    pass
elif x == 533:
    pass
elif x == 534:
    pass
elif x == 535:
    pass
elif x == 536:
    pass
elif x == 537:
    pass
elif x == 538:
    pass
elif x == 539:
    pass
elif x == 540:
    pass
elif x == 541:
    pass
elif x == 542:
    pass
elif x == 543:
    pass
elif x == 544:
    pass
elif x == 545:
    pass
elif x == 546:
    pass
elif x == 547:
    pass
elif x == 548:
    pass
elif x == 549:
    pass
elif x == 550:
    pass
elif x == 551:
    pass
elif x == 552:
    pass
elif x == 553:
    pass
elif x == 554:
    pass
elif x == 555:
    pass
elif x == 556:
    pass
elif x == 557:
    pass
elif x == 558:
    pass
elif x == 559:
    pass
elif x == 560:
    pass
elif x == 561:
    pass
elif x == 562:
    pass
elif x == 563:
    pass
elif x == 564:
    pass
elif x == 565:
    pass
elif x == 566:
    pass
elif x == 567:
    pass
elif x == 568:
    pass
elif x == 569:
    pass
elif x == 570:
    pass
elif x == 571:
    pass
elif x == 572:
    pass
elif x == 573:
    pass
elif x == 574:
    pass
elif x == 575:
    pass
elif x == 576:
    pass
elif x == 577:
    pass
elif x == 578:
    pass
elif x == 579:
    pass
elif x == 580:
    pass
elif x == 581:
    pass
elif x == 582:
    pass
elif x == 583:
    pass
elif x == 584:
    pass
elif x == 585:
    pass
elif x == 586:
    pass
elif x == 587:
    pass
elif x == 588:
    pass
elif x == 589:
    pass
elif x == 590:
    pass
elif x == 591:
    pass
elif x == 592:
    pass
elif x == 593:
    pass
elif x == 594:
    pass
elif x == 595:
    pass
elif x == 596:
    pass
elif x == 597:
    pass
elif x == 598:
    pass
elif x == 599:
    pass
elif x == 600:
    pass
elif x == 601:
    pass
elif x == 602:
    pass
elif x == 603:
    pass
elif x == 604:
    pass
elif x == 605:
    pass
elif x == 606:
    pass
elif x == 607:
    pass
elif x == 608:
    pass
elif x == 609:
    pass
elif x == 610:
    pass
elif x == 611:
    pass
elif x == 612:
    pass
elif x == 613:
    pass
elif x == 614:
    pass
elif x == 615:
    pass
elif x == 616:
    pass
elif x == 617:
    pass
elif x == 618:
    pass
elif x == 619:
    pass
elif x == 620:
    pass
elif x == 621:
    pass
elif x == 622:
    pass
elif x == 623:
    pass
elif x == 624:
    pass
elif x == 625:
    pass
elif x == 626:
    pass
elif x == 627:
    pass
elif x == 628:
    pass
elif x == 629:
    pass
elif x == 630:
    pass
elif x == 631:
    pass
elif x == 632:
    pass
elif x == 633:
    pass
elif x == 634:
    pass
elif x == 635:
    pass
elif x == 636:
    pass
elif x == 637:
    pass
elif x == 638:
    pass
elif x == 639:
    pass
elif x == 640:
    pass
elif x == 641:
    pass
elif x == 642:
    pass
elif x == 643:
    pass
elif x == 644:
    pass
elif x == 645:
    pass
elif x == 646:
    pass
elif x == 647:
    pass
elif x == 648:
    pass
elif x == 649:
    pass
elif x == 650:
    pass
elif x == 651:
    pass
elif x == 652:
    pass
elif x == 653:
    pass
elif x == 654:
    pass
elif x == 655:
    pass
elif x == 656:
    pass
elif x == 657:
    pass
elif x == 658:
    pass
elif x == 659:
    pass
elif x == 660:
    pass
elif x == 661:
    pass
elif x == 662:
    pass
elif x == 663:
    pass
elif x == 664:
    pass
elif x == 665:
    pass
elif x == 666:
    pass
elif x == 667:
    pass
elif x == 668:
    pass
elif x == 669:
    pass
elif x == 670:
    pass
elif x == 671:
    pass
elif x == 672:
    pass
elif x == 673:
    pass
elif x == 674:
    pass
elif x == 675:
    pass
elif x == 676:
    pass
elif x == 677:
    pass
elif x == 678:
    pass
elif x == 679:
    pass
elif x == 680:
    pass
elif x == 681:
    pass
elif x == 682:
    pass
elif x == 683:
    pass
elif x == 684:
    pass
elif x == 685:
    pass
elif x == 686:
    pass
elif x == 687:
    pass
elif x == 688:
    pass
elif x == 689:
    pass
elif x == 690:
    pass
elif x == 691:
    pass
elif x == 692:
    pass
elif x == 693:
    pass
elif x == 694:
    pass
elif x == 695:
    pass
elif x == 696:
    pass
elif x == 697:
    pass
elif x == 698:
    pass
elif x == 699:
    pass
elif x == 700:
    pass
elif x == 701:
    pass
elif x == 702:
    pass
elif x == 703:
    pass
elif x == 704:
    pass
elif x == 705:
    pass
elif x == 706:
    pass
elif x == 707:
    pass
elif x == 708:
    pass
elif x == 709:
    pass
elif x == 710:
    pass
elif x == 711:
    pass
elif x == 712:
    pass
elif x == 713:
    pass
elif x == 714:
    pass
elif x == 715:
    pass
elif x == 716:
    pass
elif x == 717:
    pass
elif x == 718:
    pass
elif x == 719:
    pass
elif x == 720:
    pass
elif x == 721:
    pass
elif x == 722:
    pass
elif x == 723:
    pass
elif x == 724:
    pass
elif x == 725:
    pass
elif x == 726:
    pass
elif x == 727:
    pass
elif x == 728:
    pass
elif x == 729:
    pass
elif x == 730:
    pass
elif x == 731:
    pass
elif x == 732:
    pass
elif x == 733:
    pass
elif x == 734:
    pass
elif x == 735:
    pass
elif x == 736:
    pass
elif x == 737:
    pass
elif x == 738:
    pass
elif x == 739:
    pass
elif x == 740:
    pass
elif x == 741:
    pass
elif x == 742:
    pass
elif x == 743:
    pass
elif x == 744:
    pass
elif x == 745:
    pass
elif x == 746:
    pass
elif x == 747:
    pass
elif x == 748:
    pass
elif x == 749:
    pass
elif x == 750:
    pass
elif x == 751:
    pass
elif x == 752:
    pass
elif x == 753:
    pass
elif x == 754:
    pass
elif x == 755:
    pass
elif x == 756:
    pass
elif x == 757:
    pass
elif x == 758:
    pass
elif x == 759:
    pass
elif x == 760:
    pass
elif x == 761:
    pass
elif x == 762:
    pass
elif x == 763:
    pass
elif x == 764:
    pass
elif x == 765:
    pass
elif x == 766:
    pass
elif x == 767:
    pass
elif x == 768:
    pass
elif x == 769:
    pass
elif x == 770:
    pass
elif x == 771:
    pass
elif x == 772:
    pass
elif x == 773:
    pass
elif x == 774:
    pass
elif x == 775:
    pass
elif x == 776:
    pass
elif x == 777:
    pass
elif x == 778:
    pass
elif x == 779:
    pass
elif x == 780:
    pass
elif x == 781:
    pass
elif x == 782:
    pass
elif x == 783:
    pass
elif x == 784:
    pass
elif x == 785:
    pass
elif x == 786:
    pass
elif x == 787:
    pass
elif x == 788:
    pass
elif x == 789:
    pass
elif x == 790:
    pass
elif x == 791:
    pass
elif x == 792:
    pass
elif x == 793:
    pass
elif x == 794:
    pass
elif x == 795:
    pass
elif x == 796:
    pass
elif x == 797:
    pass
elif x == 798:
    pass
elif x == 799:
    pass
elif x == 800:
    pass
elif x == 801:
    pass
elif x == 802:
    pass
elif x == 803:
    pass
elif x == 804:
    pass
elif x == 805:
    pass
elif x == 806:
    pass
elif x == 807:
    pass
elif x == 808:
    pass
elif x == 809:
    pass
elif x == 810:
    pass
elif x == 811:
    pass
elif x == 812:
    pass
elif x == 813:
    pass
elif x == 814:
    pass
elif x == 815:
    pass
elif x == 816:
    pass
elif x == 817:
    pass
elif x == 818:
    pass
elif x == 819:
    pass
elif x == 820:
    pass
elif x == 821:
    pass
elif x == 822:
    pass
elif x == 823:
    pass
elif x == 824:
    pass
elif x == 825:
    pass
elif x == 826:
    pass
elif x == 827:
    pass
elif x == 828:
    pass
elif x == 829:
    pass
elif x == 830:
    pass
elif x == 831:
    pass
elif x == 832:
    pass
elif x == 833:
    pass
elif x == 834:
    pass
elif x == 835:
    pass
elif x == 836:
    pass
elif x == 837:
    pass
elif x == 838:
    pass
elif x == 839:
    pass
elif x == 840:
    pass
elif x == 841:
    pass
elif x == 842:
    pass
elif x == 843:
    pass
elif x == 844:
    pass
elif x == 845:
    pass
elif x == 846:
    pass
elif x == 847:
    pass
elif x == 848:
    pass
elif x == 849:
    pass
elif x == 850:
    pass
elif x == 851:
    pass
elif x == 852:
    pass
elif x == 853:
    pass
elif x == 854:
    pass
elif x == 855:
    pass
elif x == 856:
    pass
elif x == 857:
    pass
elif x == 858:
    pass
elif x == 859:
    pass
elif x == 860:
    pass
elif x == 861:
    pass
elif x == 862:
    pass
elif x == 863:
    pass
elif x == 864:
    pass
elif x == 865:
    pass
elif x == 866:
    pass
elif x == 867:
    pass
elif x == 868:
    pass
elif x == 869:
    pass
elif x == 870:
    pass
elif x == 871:
    pass
elif x == 872:
    pass
elif x == 873:
    pass
elif x == 874:
    pass
elif x == 875:
    pass
elif x == 876:
    pass
elif x == 877:
    pass
elif x == 878:
    pass
elif x == 879:
    pass
elif x == 880:
    pass
elif x == 881:
    pass
elif x == 882:
    pass
elif x == 883:
    pass
elif x == 884:
    pass
elif x == 885:
    pass
elif x == 886:
    pass
elif x == 887:
    pass
elif x == 888:
    pass
elif x == 889:
    pass
elif x == 890:
    pass
elif x == 891:
    pass
elif x == 892:
    pass
elif x == 893:
    pass
elif x == 894:
    pass
elif x == 895:
    pass
elif x == 896:
    pass
elif x == 897:
    pass
elif x == 898:
    pass
elif x == 899:
    pass
elif x == 900:
    pass
elif x == 901:
    pass
elif x == 902:
    pass
elif x == 903:
    pass
elif x == 904:
    pass
elif x == 905:
    pass
elif x == 906:
    pass
elif x == 907:
    pass
elif x == 908:
    pass
elif x == 909:
    pass
elif x == 910:
    pass
elif x == 911:
    pass
elif x == 912:
    pass
elif x == 913:
    pass
elif x == 914:
    pass
elif x == 915:
    pass
elif x == 916:
    pass
elif x == 917:
    pass
elif x == 918:
    pass
elif x == 919:
    pass
elif x == 920:
    pass
elif x == 921:
    pass
elif x == 922:
    pass
elif x == 923:
    pass
elif x == 924:
    pass
elif x == 925:
    pass
elif x == 926:
    pass
elif x == 927:
    pass
elif x == 928:
    pass
elif x == 929:
    pass
elif x == 930:
    pass
elif x == 931:
    pass
elif x == 932:
    pass
elif x == 933:
    pass
elif x == 934:
    pass
elif x == 935:
    pass
elif x == 936:
    pass
elif x == 937:
    pass
elif x == 938:
    pass
elif x == 939:
    pass
elif x == 940:
    pass
elif x == 941:
    pass
elif x == 942:
    pass
elif x == 943:
    pass
elif x == 944:
    pass
elif x == 945:
    pass
elif x == 946:
    pass
elif x == 947:
    pass
elif x == 948:
    pass
elif x == 949:
    pass
elif x == 950:
    pass
elif x == 951:
    pass
elif x == 952:
    pass
elif x == 953:
    pass
elif x == 954:
    pass
elif x == 955:
    pass
elif x == 956:
    pass
elif x == 957:
    pass
elif x == 958:
    pass
elif x == 959:
    pass
elif x == 960:
    pass
elif x == 961:
    pass
elif x == 962:
    pass
elif x == 963:
    pass
elif x == 964:
    pass
elif x == 965:
    pass
elif x == 966:
    pass
elif x == 967:
    pass
elif x == 968:
    pass
elif x == 969:
    pass
elif x == 970:
    pass
elif x == 971:
    pass
elif x == 972:
    pass
elif x == 973:
    pass
elif x == 974:
    pass
elif x == 975:
    pass
elif x == 976:
    pass
elif x == 977:
    pass
elif x == 978:
    pass
elif x == 979:
    pass
elif x == 980:
    pass
elif x == 981:
    pass
elif x == 982:
    pass
elif x == 983:
    pass
elif x == 984:
    pass
elif x == 985:
    pass
elif x == 986:
    pass
elif x == 987:
    pass
elif x == 988:
    pass
elif x == 989:
    pass
elif x == 990:
    pass
elif x == 991:
    pass
elif x == 992:
    pass
elif x == 993:
    pass
elif x == 994:
    pass
elif x == 995:
    pass
elif x == 996:
    pass
elif x == 997:
    pass
elif x == 998:
    pass
elif x == 999:
    pass
elif x == 1000:
    pass
elif x == 1001:
    pass
elif x == 1002:
    pass
elif x == 1003:
    pass
elif x == 1004:
    pass
elif x == 1005:
    pass
elif x == 1006:
    pass
elif x == 1007:
    pass
elif x == 1008:
    pass
elif x == 1009:
    pass
elif x == 1010:
    pass
elif x == 1011:
    pass
elif x == 1012:
    pass
elif x == 1013:
    pass
elif x == 1014:
    pass
elif x == 1015:
    pass
elif x == 1016:
    pass
elif x == 1017:
    pass
elif x == 1018:
    pass
elif x == 1019:
    pass
elif x == 1020:
    pass
elif x == 1021:
    pass
elif x == 1022:
    pass
elif x == 1023:
    pass
elif x == 1024:
    pass
elif x == 1025:
    pass
elif x == 1026:
    pass
elif x == 1027:
    pass
elif x == 1028:
    pass
elif x == 1029:
    pass
elif x == 1030:
    pass
elif x == 1031:
    pass
elif x == 1032:
    pass
elif x == 1033:
    pass
elif x == 1034:
    pass
elif x == 1035:
    pass
elif x == 1036:
    pass
elif x == 1037:
    pass
elif x == 1038:
    pass
elif x == 1039:
    pass
elif x == 1040:
    pass
elif x == 1041:
    pass
elif x == 1042:
    pass
elif x == 1043:
    pass
elif x == 1044:
    pass
elif x == 1045:
    pass
elif x == 1046:
    pass
elif x == 1047:
    pass
elif x == 1048:
    pass
elif x == 1049:
    pass
elif x == 1050:
    pass
elif x == 1051:
    pass
elif x == 1052:
    pass
elif x == 1053:
    pass
elif x == 1054:
    pass
elif x == 1055:
    pass
elif x == 1056:
    pass
elif x == 1057:
    pass
elif x == 1058:
    pass
elif x == 1059:
    pass
elif x == 1060:
    pass
elif x == 1061:
    pass
elif x == 1062:
    pass
elif x == 1063:
    pass
elif x == 1064:
    pass
elif x == 1065:
    pass
elif x == 1066:
    pass
elif x == 1067:
    pass
elif x == 1068:
    pass
elif x == 1069:
    pass
elif x == 1070:
    pass
elif x == 1071:
    pass
elif x == 1072:
    pass
elif x == 1073:
    pass
elif x == 1074:
    pass
elif x == 1075:
    pass
elif x == 1076:
    pass
elif x == 1077:
    pass
elif x == 1078:
    pass
elif x == 1079:
    pass
elif x == 1080:
    pass
elif x == 1081:
    pass
elif x == 1082:
    pass
elif x == 1083:
    pass
elif x == 1084:
    pass
elif x == 1085:
    pass
elif x == 1086:
    pass
elif x == 1087:
    pass
elif x == 1088:
    pass
elif x == 1089:
    pass
elif x == 1090:
    pass
elif x == 1091:
    pass
elif x == 1092:
    pass
elif x == 1093:
    pass
elif x == 1094:
    pass
elif x == 1095:
    pass
elif x == 1096:
    pass
elif x == 1097:
    pass
elif x == 1098:
    pass
elif x == 1099:
    pass
elif x == 1100:
    pass
elif x == 1101:
    pass
elif x == 1102:
    pass
elif x == 1103:
    pass
elif x == 1104:
    pass
elif x == 1105:
    pass
elif x == 1106:
    pass
elif x == 1107:
    pass
elif x == 1108:
    pass
elif x == 1109:
    pass
elif x == 1110:
    pass
elif x == 1111:
    pass
elif x == 1112:
    pass
elif x == 1113:
    pass
elif x == 1114:
    pass
elif x == 1115:
    pass
elif x == 1116:
    pass
elif x == 1117:
    pass
elif x == 1118:
    pass
elif x == 1119:
    pass
elif x == 1120:
    pass
elif x == 1121:
    pass
elif x == 1122:
    pass
elif x == 1123:
    pass
elif x == 1124:
    pass
elif x == 1125:
    pass
elif x == 1126:
    pass
elif x == 1127:
    pass
elif x == 1128:
    pass
elif x == 1129:
    pass
elif x == 1130:
    pass
elif x == 1131:
    pass
elif x == 1132:
    pass
elif x == 1133:
    pass
elif x == 1134:
    pass
elif x == 1135:
    pass
elif x == 1136:
    pass
elif x == 1137:
    pass
elif x == 1138:
    pass
elif x == 1139:
    pass
elif x == 1140:
    pass
elif x == 1141:
    pass
elif x == 1142:
    pass
elif x == 1143:
    pass
elif x == 1144:
    pass
elif x == 1145:
    pass
elif x == 1146:
    pass
elif x == 1147:
    pass
elif x == 1148:
    pass
elif x == 1149:
    pass
elif x == 1150:
    pass
elif x == 1151:
    pass
elif x == 1152:
    pass
elif x == 1153:
    pass
elif x == 1154:
    pass
elif x == 1155:
    pass
elif x == 1156:
    pass
elif x == 1157:
    pass
elif x == 1158:
    pass
elif x == 1159:
    pass
elif x == 1160:
    pass
elif x == 1161:
    pass
elif x == 1162:
    pass
elif x == 1163:
    pass
elif x == 1164:
    pass
elif x == 1165:
    pass
elif x == 1166:
    pass
elif x == 1167:
    pass
elif x == 1168:
    pass
elif x == 1169:
    pass
elif x == 1170:
    pass
elif x == 1171:
    pass
elif x == 1172:
    pass
elif x == 1173:
    pass
elif x == 1174:
    pass
elif x == 1175:
    pass
elif x == 1176:
    pass
elif x == 1177:
    pass
elif x == 1178:
    pass
elif x == 1179:
    pass
elif x == 1180:
    pass
elif x == 1181:
    pass
elif x == 1182:
    pass
elif x == 1183:
    pass
elif x == 1184:
    pass
elif x == 1185:
    pass
elif x == 1186:
    pass
elif x == 1187:
    pass
elif x == 1188:
    pass
elif x == 1189:
    pass
elif x == 1190:
    pass
elif x == 1191:
    pass
elif x == 1192:
    pass
elif x == 1193:
    pass
elif x == 1194:
    pass
elif x == 1195:
    pass
elif x == 1196:
    pass
elif x == 1197:
    pass
elif x == 1198:
    pass
elif x == 1199:
    pass
elif x == 1200:
    pass
elif x == 1201:
    pass
elif x == 1202:
    pass
elif x == 1203:
    pass
elif x == 1204:
    pass
elif x == 1205:
    pass
elif x == 1206:
    pass
elif x == 1207:
    pass
elif x == 1208:
    pass
elif x == 1209:
    pass
elif x == 1210:
    pass
elif x == 1211:
    pass
elif x == 1212:
    pass
elif x == 1213:
    pass
elif x == 1214:
    pass
elif x == 1215:
    pass
elif x == 1216:
    pass
elif x == 1217:
    pass
elif x == 1218:
    pass
elif x == 1219:
    pass
elif x == 1220:
    pass
elif x == 1221:
    pass
elif x == 1222:
    pass
elif x == 1223:
    pass
elif x == 1224:
    pass
elif x == 1225:
    pass
elif x == 1226:
    pass
elif x == 1227:
    pass
elif x == 1228:
    pass
elif x == 1229:
    pass
elif x == 1230:
    pass
elif x == 1231:
    pass
elif x == 1232:
    pass
elif x == 1233:
    pass
elif x == 1234:
    pass
elif x == 1235:
    pass
elif x == 1236:
    pass
elif x == 1237:
    pass
elif x == 1238:
    pass
elif x == 1239:
    pass
elif x == 1240:
    pass
elif x == 1241:
    pass
elif x == 1242:
    pass
elif x == 1243:
    pass
elif x == 1244:
    pass
elif x == 1245:
    pass
elif x == 1246:
    pass
elif x == 1247:
    pass
elif x == 1248:
    pass
elif x == 1249:
    pass
elif x == 1250:
    pass
elif x == 1251:
    pass
elif x == 1252:
    pass
elif x == 1253:
    pass
elif x == 1254:
    pass
elif x == 1255:
    pass
elif x == 1256:
    pass
elif x == 1257:
    pass
elif x == 1258:
    pass
elif x == 1259:
    pass
elif x == 1260:
    pass
elif x == 1261:
    pass
elif x == 1262:
    pass
elif x == 1263:
    pass
elif x == 1264:
    pass
elif x == 1265:
    pass
elif x == 1266:
    pass
elif x == 1267:
    pass
elif x == 1268:
    pass
elif x == 1269:
    pass
elif x == 1270:
    pass
elif x == 1271:
    pass
elif x == 1272:
    pass
elif x == 1273:
    pass
elif x == 1274:
    pass
elif x == 1275:
    pass
elif x == 1276:
    pass
elif x == 1277:
    pass
elif x == 1278:
    pass
elif x == 1279:
    pass
elif x == 1280:
    pass
elif x == 1281:
    pass
elif x == 1282:
    pass
elif x == 1283:
    pass
elif x == 1284:
    pass
elif x == 1285:
    pass
elif x == 1286:
    pass
elif x == 1287:
    pass
elif x == 1288:
    pass
elif x == 1289:
    pass
elif x == 1290:
    pass
elif x == 1291:
    pass
elif x == 1292:
    pass
elif x == 1293:
    pass
elif x == 1294:
    pass
elif x == 1295:
    pass
elif x == 1296:
    pass
elif x == 1297:
    pass
elif x == 1298:
    pass
elif x == 1299:
    pass
elif x == 1300:
    pass
elif x == 1301:
    pass
elif x == 1302:
    pass
elif x == 1303:
    pass
elif x == 1304:
    pass
elif x == 1305:
    pass
elif x == 1306:
    pass
elif x == 1307:
    pass
elif x == 1308:
    pass
elif x == 1309:
    pass
elif x == 1310:
    pass
elif x == 1311:
    pass
elif x == 1312:
    pass
elif x == 1313:
    pass
elif x == 1314:
    pass
elif x == 1315:
    pass
elif x == 1316:
    pass
elif x == 1317:
    pass
elif x == 1318:
    pass
elif x == 1319:
    pass
elif x == 1320:
    pass
elif x == 1321:
    pass
elif x == 1322:
    pass
elif x == 1323:
    pass
elif x == 1324:
    pass
elif x == 1325:
    pass
elif x == 1326:
    pass
elif x == 1327:
    pass
elif x == 1328:
    pass
elif x == 1329:
    pass
elif x == 1330:
    pass
elif x == 1331:
    pass
elif x == 1332:
    pass
elif x == 1333:
    pass
elif x == 1334:
    pass
elif x == 1335:
    pass
elif x == 1336:
    pass
elif x == 1337:
    pass
elif x == 1338:
    pass
elif x == 1339:
    pass
elif x == 1340:
    pass
elif x == 1341:
    pass
elif x == 1342:
    pass
elif x == 1343:
    pass
elif x == 1344:
    pass
elif x == 1345:
    pass
elif x == 1346:
    pass
elif x == 1347:
    pass
elif x == 1348:
    pass
elif x == 1349:
    pass
elif x == 1350:
    pass
elif x == 1351:
    pass
elif x == 1352:
    pass
elif x == 1353:
    pass
elif x == 1354:
    pass
elif x == 1355:
    pass
elif x == 1356:
    pass
elif x == 1357:
    pass
elif x == 1358:
    pass
elif x == 1359:
    pass
elif x == 1360:
    pass
elif x == 1361:
    pass
elif x == 1362:
    pass
elif x == 1363:
    pass
elif x == 1364:
    pass
elif x == 1365:
    pass
elif x == 1366:
    pass
elif x == 1367:
    pass
elif x == 1368:
    pass
elif x == 1369:
    pass
elif x == 1370:
    pass
elif x == 1371:
    pass
elif x == 1372:
    pass
elif x == 1373:
    pass
elif x == 1374:
    pass
elif x == 1375:
    pass
elif x == 1376:
    pass
elif x == 1377:
    pass
elif x == 1378:
    pass
elif x == 1379:
    pass
elif x == 1380:
    pass
elif x == 1381:
    pass
elif x == 1382:
    pass
elif x == 1383:
    pass
elif x == 1384:
    pass
elif x == 1385:
    pass
elif x == 1386:
    pass
elif x == 1387:
    pass
elif x == 1388:
    pass
elif x == 1389:
    pass
elif x == 1390:
    pass
elif x == 1391:
    pass
elif x == 1392:
    pass
elif x == 1393:
    pass
elif x == 1394:
    pass
elif x == 1395:
    pass
elif x == 1396:
    pass
elif x == 1397:
    pass
elif x == 1398:
    pass
elif x == 1399:
    pass
elif x == 1400:
    pass
elif x == 1401:
    pass
elif x == 1402:
    pass
elif x == 1403:
    pass
elif x == 1404:
    pass
elif x == 1405:
    pass
elif x == 1406:
    pass
elif x == 1407:
    pass
elif x == 1408:
    pass
elif x == 1409:
    pass
elif x == 1410:
    pass
elif x == 1411:
    pass
elif x == 1412:
    pass
elif x == 1413:
    pass
elif x == 1414:
    pass
elif x == 1415:
    pass
elif x == 1416:
    pass
elif x == 1417:
    pass
elif x == 1418:
    pass
elif x == 1419:
    pass
elif x == 1420:
    pass
elif x == 1421:
    pass
elif x == 1422:
    pass
elif x == 1423:
    pass
elif x == 1424:
    pass
elif x == 1425:
    pass
elif x == 1426:
    pass
elif x == 1427:
    pass
elif x == 1428:
    pass
elif x == 1429:
    pass
elif x == 1430:
    pass
elif x == 1431:
    pass
elif x == 1432:
    pass
elif x == 1433:
    pass
elif x == 1434:
    pass
elif x == 1435:
    pass
elif x == 1436:
    pass
elif x == 1437:
    pass
elif x == 1438:
    pass
elif x == 1439:
    pass
elif x == 1440:
    pass
elif x == 1441:
    pass
elif x == 1442:
    pass
elif x == 1443:
    pass
elif x == 1444:
    pass
elif x == 1445:
    pass
elif x == 1446:
    pass
elif x == 1447:
    pass
elif x == 1448:
    pass
elif x == 1449:
    pass
elif x == 1450:
    pass
elif x == 1451:
    pass
elif x == 1452:
    pass
elif x == 1453:
    pass
elif x == 1454:
    pass
elif x == 1455:
    pass
elif x == 1456:
    pass
elif x == 1457:
    pass
elif x == 1458:
    pass
elif x == 1459:
    pass
elif x == 1460:
    pass
elif x == 1461:
    pass
elif x == 1462:
    pass
elif x == 1463:
    pass
elif x == 1464:
    pass
elif x == 1465:
    pass
elif x == 1466:
    pass
elif x == 1467:
    pass
elif x == 1468:
    pass
elif x == 1469:
    pass
elif x == 1470:
    pass
elif x == 1471:
    pass
elif x == 1472:
    pass
elif x == 1473:
    pass
elif x == 1474:
    pass
elif x == 1475:
    pass
elif x == 1476:
    pass
elif x == 1477:
    pass
elif x == 1478:
    pass
elif x == 1479:
    pass
elif x == 1480:
    pass
elif x == 1481:
    pass
elif x == 1482:
    pass
elif x == 1483:
    pass
elif x == 1484:
    pass
elif x == 1485:
    pass
elif x == 1486:
    pass
elif x == 1487:
    pass
elif x == 1488:
    pass
elif x == 1489:
    pass
elif x == 1490:
    pass
elif x == 1491:
    pass
elif x == 1492:
    pass
elif x == 1493:
    pass
elif x == 1494:
    pass
elif x == 1495:
    pass
elif x == 1496:
    pass
elif x == 1497:
    pass
elif x == 1498:
    pass
elif x == 1499:
    pass
elif x == 1500:
    pass
elif x == 1501:
    pass
elif x == 1502:
    pass
elif x == 1503:
    pass
elif x == 1504:
    pass
elif x == 1505:
    pass
elif x == 1506:
    pass
elif x == 1507:
    pass
elif x == 1508:
    pass
elif x == 1509:
    pass
elif x == 1510:
    pass
elif x == 1511:
    pass
elif x == 1512:
    pass
elif x == 1513:
    pass
elif x == 1514:
    pass
elif x == 1515:
    pass
elif x == 1516:
    pass
elif x == 1517:
    pass
elif x == 1518:
    pass
elif x == 1519:
    pass
elif x == 1520:
    pass
elif x == 1521:
    pass
elif x == 1522:
    pass
elif x == 1523:
    pass
elif x == 1524:
    pass
elif x == 1525:
    pass
elif x == 1526:
    pass
elif x == 1527:
    pass
elif x == 1528:
    pass
elif x == 1529:
    pass
elif x == 1530:
    pass
elif x == 1531:
    pass
elif x == 1532:
    pass
elif x == 1533:
    pass
elif x == 1534:
    pass
elif x == 1535:
    pass
elif x == 1536:
    pass
elif x == 1537:
    pass
elif x == 1538:
    pass
elif x == 1539:
    pass
elif x == 1540:
    pass
elif x == 1541:
    pass
elif x == 1542:
    pass
elif x == 1543:
    pass
elif x == 1544:
    pass
elif x == 1545:
    pass
elif x == 1546:
    pass
elif x == 1547:
    pass
elif x == 1548:
    pass
elif x == 1549:
    pass
elif x == 1550:
    pass
elif x == 1551:
    pass
elif x == 1552:
    pass
elif x == 1553:
    pass
elif x == 1554:
    pass
elif x == 1555:
    pass
elif x == 1556:
    pass
elif x == 1557:
    pass
elif x == 1558:
    pass
elif x == 1559:
    pass
elif x == 1560:
    pass
elif x == 1561:
    pass
elif x == 1562:
    pass
elif x == 1563:
    pass
elif x == 1564:
    pass
elif x == 1565:
    pass
elif x == 1566:
    pass
elif x == 1567:
    pass
elif x == 1568:
    pass
elif x == 1569:
    pass
elif x == 1570:
    pass
elif x == 1571:
    pass
elif x == 1572:
    pass
elif x == 1573:
    pass
elif x == 1574:
    pass
elif x == 1575:
    pass
elif x == 1576:
    pass
elif x == 1577:
    pass
elif x == 1578:
    pass
elif x == 1579:
    pass
elif x == 1580:
    pass
elif x == 1581:
    pass
elif x == 1582:
    pass
elif x == 1583:
    pass
elif x == 1584:
    pass
elif x == 1585:
    pass
elif x == 1586:
    pass
elif x == 1587:
    pass
elif x == 1588:
    pass
elif x == 1589:
    pass
elif x == 1590:
    pass
elif x == 1591:
    pass
elif x == 1592:
    pass
elif x == 1593:
    pass
elif x == 1594:
    pass
elif x == 1595:
    pass
elif x == 1596:
    pass
elif x == 1597:
    pass
elif x == 1598:
    pass
elif x == 1599:
    pass
elif x == 1600:
    pass
elif x == 1601:
    pass
elif x == 1602:
    pass
elif x == 1603:
    pass
elif x == 1604:
    pass
elif x == 1605:
    pass
elif x == 1606:
    pass
elif x == 1607:
    pass
elif x == 1608:
    pass
elif x == 1609:
    pass
elif x == 1610:
    pass
elif x == 1611:
    pass
elif x == 1612:
    pass
elif x == 1613:
    pass
elif x == 1614:
    pass
elif x == 1615:
    pass
elif x == 1616:
    pass
elif x == 1617:
    pass
elif x == 1618:
    pass
elif x == 1619:
    pass
elif x == 1620:
    pass
elif x == 1621:
    pass
elif x == 1622:
    pass
elif x == 1623:
    pass
elif x == 1624:
    pass
elif x == 1625:
    pass
elif x == 1626:
    pass
elif x == 1627:
    pass
elif x == 1628:
    pass
elif x == 1629:
    pass
elif x == 1630:
    pass
elif x == 1631:
    pass
elif x == 1632:
    pass
elif x == 1633:
    pass
elif x == 1634:
    pass
elif x == 1635:
    pass
elif x == 1636:
    pass
elif x == 1637:
    pass
elif x == 1638:
    pass
elif x == 1639:
    pass
elif x == 1640:
    pass
elif x == 1641:
    pass
elif x == 1642:
    pass
elif x == 1643:
    pass
elif x == 1644:
    pass
elif x == 1645:
    pass
elif x == 1646:
    pass
elif x == 1647:
    pass
elif x == 1648:
    pass
elif x == 1649:
    pass
elif x == 1650:
    pass
elif x == 1651:
    pass
elif x == 1652:
    pass
elif x == 1653:
    pass
elif x == 1654:
    pass
elif x == 1655:
    pass
elif x == 1656:
    pass
elif x == 1657:
    pass
elif x == 1658:
    pass
elif x == 1659:
    pass
elif x == 1660:
    pass
elif x == 1661:
    pass
elif x == 1662:
    pass
elif x == 1663:
    pass
elif x == 1664:
    pass
elif x == 1665:
    pass
elif x == 1666:
    pass
elif x == 1667:
    pass
elif x == 1668:
    pass
elif x == 1669:
    pass
elif x == 1670:
    pass
elif x == 1671:
    pass
elif x == 1672:
    pass
elif x == 1673:
    pass
elif x == 1674:
    pass
elif x == 1675:
    pass
elif x == 1676:
    pass
elif x == 1677:
    pass
elif x == 1678:
    pass
elif x == 1679:
    pass
elif x == 1680:
    pass
elif x == 1681:
    pass
elif x == 1682:
    pass
elif x == 1683:
    pass
elif x == 1684:
    pass
elif x == 1685:
    pass
elif x == 1686:
    pass
elif x == 1687:
    pass
elif x == 1688:
    pass
elif x == 1689:
    pass
elif x == 1690:
    pass
elif x == 1691:
    pass
elif x == 1692:
    pass
elif x == 1693:
    pass
elif x == 1694:
    pass
elif x == 1695:
    pass
elif x == 1696:
    pass
elif x == 1697:
    pass
elif x == 1698:
    pass
elif x == 1699:
    pass
elif x == 1700:
    pass
elif x == 1701:
    pass
elif x == 1702:
    pass
elif x == 1703:
    pass
elif x == 1704:
    pass
elif x == 1705:
    pass
elif x == 1706:
    pass
elif x == 1707:
    pass
elif x == 1708:
    pass
elif x == 1709:
    pass
elif x == 1710:
    pass
elif x == 1711:
    pass
elif x == 1712:
    pass
elif x == 1713:
    pass
elif x == 1714:
    pass
elif x == 1715:
    pass
elif x == 1716:
    pass
elif x == 1717:
    pass
elif x == 1718:
    pass
elif x == 1719:
    pass
elif x == 1720:
    pass
elif x == 1721:
    pass
elif x == 1722:
    pass
elif x == 1723:
    pass
elif x == 1724:
    pass
elif x == 1725:
    pass
elif x == 1726:
    pass
elif x == 1727:
    pass
elif x == 1728:
    pass
elif x == 1729:
    pass
elif x == 1730:
    pass
elif x == 1731:
    pass
elif x == 1732:
    pass
elif x == 1733:
    pass
elif x == 1734:
    pass
elif x == 1735:
    pass
elif x == 1736:
    pass
elif x == 1737:
    pass
elif x == 1738:
    pass
elif x == 1739:
    pass
elif x == 1740:
    pass
elif x == 1741:
    pass
elif x == 1742:
    pass
elif x == 1743:
    pass
elif x == 1744:
    pass
elif x == 1745:
    pass
elif x == 1746:
    pass
elif x == 1747:
    pass
elif x == 1748:
    pass
elif x == 1749:
    pass
elif x == 1750:
    pass
elif x == 1751:
    pass
elif x == 1752:
    pass
elif x == 1753:
    pass
elif x == 1754:
    pass
elif x == 1755:
    pass
elif x == 1756:
    pass
elif x == 1757:
    pass
elif x == 1758:
    pass
elif x == 1759:
    pass
elif x == 1760:
    pass
elif x == 1761:
    pass
elif x == 1762:
    pass
elif x == 1763:
    pass
elif x == 1764:
    pass
elif x == 1765:
    pass
elif x == 1766:
    pass
elif x == 1767:
    pass
elif x == 1768:
    pass
elif x == 1769:
    pass
elif x == 1770:
    pass
elif x == 1771:
    pass
elif x == 1772:
    pass
elif x == 1773:
    pass
elif x == 1774:
    pass
elif x == 1775:
    pass
elif x == 1776:
    pass
elif x == 1777:
    pass
elif x == 1778:
    pass
elif x == 1779:
    pass
elif x == 1780:
    pass
elif x == 1781:
    pass
elif x == 1782:
    pass
elif x == 1783:
    pass
elif x == 1784:
    pass
elif x == 1785:
    pass
elif x == 1786:
    pass
elif x == 1787:
    pass
elif x == 1788:
    pass
elif x == 1789:
    pass
elif x == 1790:
    pass
elif x == 1791:
    pass
elif x == 1792:
    pass
elif x == 1793:
    pass
elif x == 1794:
    pass
elif x == 1795:
    pass
elif x == 1796:
    pass
elif x == 1797:
    pass
elif x == 1798:
    pass
elif x == 1799:
    pass
elif x == 1800:
    pass
elif x == 1801:
    pass
elif x == 1802:
    pass
elif x == 1803:
    pass
elif x == 1804:
    pass
elif x == 1805:
    pass
elif x == 1806:
    pass
elif x == 1807:
    pass
elif x == 1808:
    pass
elif x == 1809:
    pass
elif x == 1810:
    pass
elif x == 1811:
    pass
elif x == 1812:
    pass
elif x == 1813:
    pass
elif x == 1814:
    pass
elif x == 1815:
    pass
elif x == 1816:
    pass
elif x == 1817:
    pass
elif x == 1818:
    pass
elif x == 1819:
    pass
elif x == 1820:
    pass
elif x == 1821:
    pass
elif x == 1822:
    pass
elif x == 1823:
    pass
elif x == 1824:
    pass
elif x == 1825:
    pass
elif x == 1826:
    pass
elif x == 1827:
    pass
elif x == 1828:
    pass
elif x == 1829:
    pass
elif x == 1830:
    pass
elif x == 1831:
    pass
elif x == 1832:
    pass
elif x == 1833:
    pass
elif x == 1834:
    pass
elif x == 1835:
    pass
elif x == 1836:
    pass
elif x == 1837:
    pass
elif x == 1838:
    pass
elif x == 1839:
    pass
elif x == 1840:
    pass
elif x == 1841:
    pass
elif x == 1842:
    pass
elif x == 1843:
    pass
elif x == 1844:
    pass
elif x == 1845:
    pass
elif x == 1846:
    pass
elif x == 1847:
    pass
elif x == 1848:
    pass
elif x == 1849:
    pass
elif x == 1850:
    pass
elif x == 1851:
    pass
elif x == 1852:
    pass
elif x == 1853:
    pass
elif x == 1854:
    pass
elif x == 1855:
    pass
elif x == 1856:
    pass
elif x == 1857:
    pass
elif x == 1858:
    pass
elif x == 1859:
    pass
elif x == 1860:
    pass
elif x == 1861:
    pass
elif x == 1862:
    pass
elif x == 1863:
    pass
elif x == 1864:
    pass
elif x == 1865:
    pass
elif x == 1866:
    pass
elif x == 1867:
    pass
elif x == 1868:
    pass
elif x == 1869:
    pass
elif x == 1870:
    pass
elif x == 1871:
    pass
elif x == 1872:
    pass
elif x == 1873:
    pass
elif x == 1874:
    pass
elif x == 1875:
    pass
elif x == 1876:
    pass
elif x == 1877:
    pass
elif x == 1878:
    pass
elif x == 1879:
    pass
elif x == 1880:
    pass
elif x == 1881:
    pass
elif x == 1882:
    pass
elif x == 1883:
    pass
elif x == 1884:
    pass
elif x == 1885:
    pass
elif x == 1886:
    pass
elif x == 1887:
    pass
elif x == 1888:
    pass
elif x == 1889:
    pass
elif x == 1890:
    pass
elif x == 1891:
    pass
elif x == 1892:
    pass
elif x == 1893:
    pass
elif x == 1894:
    pass
elif x == 1895:
    pass
elif x == 1896:
    pass
elif x == 1897:
    pass
elif x == 1898:
    pass
elif x == 1899:
    pass
elif x == 1900:
    pass
elif x == 1901:
    pass
elif x == 1902:
    pass
elif x == 1903:
    pass
elif x == 1904:
    pass
elif x == 1905:
    pass
elif x == 1906:
    pass
elif x == 1907:
    pass
elif x == 1908:
    pass
elif x == 1909:
    pass
elif x == 1910:
    pass
elif x == 1911:
    pass
elif x == 1912:
    pass
elif x == 1913:
    pass
elif x == 1914:
    pass
elif x == 1915:
    pass
elif x == 1916:
    pass
elif x == 1917:
    pass
elif x == 1918:
    pass
elif x == 1919:
    pass
elif x == 1920:
    pass
elif x == 1921:
    pass
elif x == 1922:
    pass
elif x == 1923:
    pass
elif x == 1924:
    pass
elif x == 1925:
    pass
elif x == 1926:
    pass
elif x == 1927:
    pass
elif x == 1928:
    pass
elif x == 1929:
    pass
elif x == 1930:
    pass
elif x == 1931:
    pass
elif x == 1932:
    pass
elif x == 1933:
    pass
elif x == 1934:
    pass
elif x == 1935:
    pass
elif x == 1936:
    pass
elif x == 1937:
    pass
elif x == 1938:
    pass
elif x == 1939:
    pass
elif x == 1940:
    pass
elif x == 1941:
    pass
elif x == 1942:
    pass
elif x == 1943:
    pass
elif x == 1944:
    pass
elif x == 1945:
    pass
elif x == 1946:
    pass
elif x == 1947:
    pass
elif x == 1948:
    pass
elif x == 1949:
    pass
elif x == 1950:
    pass
elif x == 1951:
    pass
elif x == 1952:
    pass
elif x == 1953:
    pass
elif x == 1954:
    pass
elif x == 1955:
    pass
elif x == 1956:
    pass
elif x == 1957:
    pass
elif x == 1958:
    pass
elif x == 1959:
    pass
elif x == 1960:
    pass
elif x == 1961:
    pass
elif x == 1962:
    pass
elif x == 1963:
    pass
elif x == 1964:
    pass
elif x == 1965:
    pass
elif x == 1966:
    pass
elif x == 1967:
    pass
elif x == 1968:
    pass
elif x == 1969:
    pass
elif x == 1970:
    pass
elif x == 1971:
    pass
elif x == 1972:
    pass
elif x == 1973:
    pass
elif x == 1974:
    pass
elif x == 1975:
    pass
elif x == 1976:
    pass
elif x == 1977:
    pass
elif x == 1978:
    pass
elif x == 1979:
    pass
elif x == 1980:
    pass
elif x == 1981:
    pass
elif x == 1982:
    pass
elif x == 1983:
    pass
elif x == 1984:
    pass
elif x == 1985:
    pass
elif x == 1986:
    pass
elif x == 1987:
    pass
elif x == 1988:
    pass
elif x == 1989:
    pass
elif x == 1990:
    pass
elif x == 1991:
    pass
elif x == 1992:
    pass
elif x == 1993:
    pass
elif x == 1994:
    pass
elif x == 1995:
    pass
elif x == 1996:
    pass
elif x == 1997:
    pass
elif x == 1998:
    pass
elif x == 1999:
    pass
elif x == 2000:
    pass
elif x == 2001:
    pass
elif x == 2002:
    pass
elif x == 2003:
    pass
elif x == 2004:
    pass
elif x == 2005:
    pass
elif x == 2006:
    pass
elif x == 2007:
    pass
elif x == 2008:
    pass
elif x == 2009:
    pass
elif x == 2010:
    pass
elif x == 2011:
    pass
elif x == 2012:
    pass
elif x == 2013:
    pass
elif x == 2014:
    pass
elif x == 2015:
    pass
elif x == 2016:
    pass
elif x == 2017:
    pass
elif x == 2018:
    pass
elif x == 2019:
    pass
elif x == 2020:
    pass
elif x == 2021:
    pass
elif x == 2022:
    pass
elif x == 2023:
    pass
elif x == 2024:
    pass
elif x == 2025:
    pass
elif x == 2026:
    pass
elif x == 2027:
    pass
elif x == 2028:
    pass
elif x == 2029:
    pass
elif x == 2030:
    pass
elif x == 2031:
    pass
elif x == 2032:
    pass
elif x == 2033:
    pass
elif x == 2034:
    pass
elif x == 2035:
    pass
elif x == 2036:
    pass
elif x == 2037:
    pass
elif x == 2038:
    pass
elif x == 2039:
    pass
elif x == 2040:
    pass
elif x == 2041:
    pass
elif x == 2042:
    pass
elif x == 2043:
    pass
elif x == 2044:
    pass
elif x == 2045:
    pass
elif x == 2046:
    pass
elif x == 2047:
    pass
elif x == 2048:
    pass
elif x == 2049:
    pass
elif x == 2050:
    pass
elif x == 2051:
    pass
elif x == 2052:
    pass
elif x == 2053:
    pass
elif x == 2054:
    pass
elif x == 2055:
    pass
elif x == 2056:
    pass
elif x == 2057:
    pass
elif x == 2058:
    pass
elif x == 2059:
    pass
elif x == 2060:
    pass
elif x == 2061:
    pass
elif x == 2062:
    pass
elif x == 2063:
    pass
elif x == 2064:
    pass
elif x == 2065:
    pass
elif x == 2066:
    pass
elif x == 2067:
    pass
elif x == 2068:
    pass
elif x == 2069:
    pass
elif x == 2070:
    pass
elif x == 2071:
    pass
elif x == 2072:
    pass
elif x == 2073:
    pass
elif x == 2074:
    pass
elif x == 2075:
    pass
elif x == 2076:
    pass
elif x == 2077:
    pass
elif x == 2078:
    pass
elif x == 2079:
    pass
elif x == 2080:
    pass
elif x == 2081:
    pass
elif x == 2082:
    pass
elif x == 2083:
    pass
elif x == 2084:
    pass
elif x == 2085:
    pass
elif x == 2086:
    pass
elif x == 2087:
    pass
elif x == 2088:
    pass
elif x == 2089:
    pass
elif x == 2090:
    pass
elif x == 2091:
    pass
elif x == 2092:
    pass
elif x == 2093:
    pass
elif x == 2094:
    pass
elif x == 2095:
    pass
elif x == 2096:
    pass
elif x == 2097:
    pass
elif x == 2098:
    pass
elif x == 2099:
    pass
elif x == 2100:
    pass
elif x == 2101:
    pass
elif x == 2102:
    pass
elif x == 2103:
    pass
elif x == 2104:
    pass
elif x == 2105:
    pass
elif x == 2106:
    pass
elif x == 2107:
    pass
elif x == 2108:
    pass
elif x == 2109:
    pass
elif x == 2110:
    pass
elif x == 2111:
    pass
elif x == 2112:
    pass
elif x == 2113:
    pass
elif x == 2114:
    pass
elif x == 2115:
    pass
elif x == 2116:
    pass
elif x == 2117:
    pass
elif x == 2118:
    pass
elif x == 2119:
    pass
elif x == 2120:
    pass
elif x == 2121:
    pass
elif x == 2122:
    pass
elif x == 2123:
    pass
elif x == 2124:
    pass
elif x == 2125:
    pass
elif x == 2126:
    pass
elif x == 2127:
    pass
elif x == 2128:
    pass
elif x == 2129:
    pass
elif x == 2130:
    pass
elif x == 2131:
    pass
elif x == 2132:
    pass
elif x == 2133:
    pass
elif x == 2134:
    pass
elif x == 2135:
    pass
elif x == 2136:
    pass
elif x == 2137:
    pass
elif x == 2138:
    pass
elif x == 2139:
    pass
elif x == 2140:
    pass
elif x == 2141:
    pass
elif x == 2142:
    pass
elif x == 2143:
    pass
elif x == 2144:
    pass
elif x == 2145:
    pass
elif x == 2146:
    pass
elif x == 2147:
    pass
elif x == 2148:
    pass
elif x == 2149:
    pass
elif x == 2150:
    pass
elif x == 2151:
    pass
elif x == 2152:
    pass
elif x == 2153:
    pass
elif x == 2154:
    pass
elif x == 2155:
    pass
elif x == 2156:
    pass
elif x == 2157:
    pass
elif x == 2158:
    pass
elif x == 2159:
    pass
elif x == 2160:
    pass
elif x == 2161:
    pass
elif x == 2162:
    pass
elif x == 2163:
    pass
elif x == 2164:
    pass
elif x == 2165:
    pass
elif x == 2166:
    pass
elif x == 2167:
    pass
elif x == 2168:
    pass
elif x == 2169:
    pass
elif x == 2170:
    pass
elif x == 2171:
    pass
elif x == 2172:
    pass
elif x == 2173:
    pass
elif x == 2174:
    pass
elif x == 2175:
    pass
elif x == 2176:
    pass
elif x == 2177:
    pass
elif x == 2178:
    pass
elif x == 2179:
    pass
elif x == 2180:
    pass
elif x == 2181:
    pass
elif x == 2182:
    pass
elif x == 2183:
    pass
elif x == 2184:
    pass
elif x == 2185:
    pass
elif x == 2186:
    pass
elif x == 2187:
    pass
elif x == 2188:
    pass
elif x == 2189:
    pass
elif x == 2190:
    pass
elif x == 2191:
    pass
elif x == 2192:
    pass
elif x == 2193:
    pass
elif x == 2194:
    pass
elif x == 2195:
    pass
elif x == 2196:
    pass
elif x == 2197:
    pass
elif x == 2198:
    pass
elif x == 2199:
    pass
elif x == 2200:
    pass
elif x == 2201:
    pass
elif x == 2202:
    pass
elif x == 2203:
    pass
elif x == 2204:
    pass
elif x == 2205:
    pass
elif x == 2206:
    pass
elif x == 2207:
    pass
elif x == 2208:
    pass
elif x == 2209:
    pass
elif x == 2210:
    pass
elif x == 2211:
    pass
elif x == 2212:
    pass
elif x == 2213:
    pass
elif x == 2214:
    pass
elif x == 2215:
    pass
elif x == 2216:
    pass
elif x == 2217:
    pass
elif x == 2218:
    pass
elif x == 2219:
    pass
elif x == 2220:
    pass
elif x == 2221:
    pass
elif x == 2222:
    pass
elif x == 2223:
    pass
elif x == 2224:
    pass
elif x == 2225:
    pass
elif x == 2226:
    pass
elif x == 2227:
    pass
elif x == 2228:
    pass
elif x == 2229:
    pass
elif x == 2230:
    pass
elif x == 2231:
    pass
elif x == 2232:
    pass
elif x == 2233:
    pass
elif x == 2234:
    pass
elif x == 2235:
    pass
elif x == 2236:
    pass
elif x == 2237:
    pass
elif x == 2238:
    pass
elif x == 2239:
    pass
elif x == 2240:
    pass
elif x == 2241:
    pass
elif x == 2242:
    pass
elif x == 2243:
    pass
elif x == 2244:
    pass
elif x == 2245:
    pass
elif x == 2246:
    pass
elif x == 2247:
    pass
elif x == 2248:
    pass
elif x == 2249:
    pass
elif x == 2250:
    pass
elif x == 2251:
    pass
elif x == 2252:
    pass
elif x == 2253:
    pass
elif x == 2254:
    pass
elif x == 2255:
    pass
elif x == 2256:
    pass
elif x == 2257:
    pass
elif x == 2258:
    pass
elif x == 2259:
    pass
elif x == 2260:
    pass
elif x == 2261:
    pass
elif x == 2262:
    pass
elif x == 2263:
    pass
elif x == 2264:
    pass
elif x == 2265:
    pass
elif x == 2266:
    pass
elif x == 2267:
    pass
elif x == 2268:
    pass
elif x == 2269:
    pass
elif x == 2270:
    pass
elif x == 2271:
    pass
elif x == 2272:
    pass
elif x == 2273:
    pass
elif x == 2274:
    pass
elif x == 2275:
    pass
elif x == 2276:
    pass
elif x == 2277:
    pass
elif x == 2278:
    pass
elif x == 2279:
    pass
elif x == 2280:
    pass
elif x == 2281:
    pass
elif x == 2282:
    pass
elif x == 2283:
    pass
elif x == 2284:
    pass
elif x == 2285:
    pass
elif x == 2286:
    pass
elif x == 2287:
    pass
elif x == 2288:
    pass
elif x == 2289:
    pass
elif x == 2290:
    pass
elif x == 2291:
    pass
elif x == 2292:
    pass
elif x == 2293:
    pass
elif x == 2294:
    pass
elif x == 2295:
    pass
elif x == 2296:
    pass
elif x == 2297:
    pass
elif x == 2298:
    pass
elif x == 2299:
    pass
elif x == 2300:
    pass
elif x == 2301:
    pass
elif x == 2302:
    pass
elif x == 2303:
    pass
elif x == 2304:
    pass
elif x == 2305:
    pass
elif x == 2306:
    pass
elif x == 2307:
    pass
elif x == 2308:
    pass
elif x == 2309:
    pass
elif x == 2310:
    pass
elif x == 2311:
    pass
elif x == 2312:
    pass
elif x == 2313:
    pass
elif x == 2314:
    pass
elif x == 2315:
    pass
elif x == 2316:
    pass
elif x == 2317:
    pass
elif x == 2318:
    pass
elif x == 2319:
    pass
elif x == 2320:
    pass
elif x == 2321:
    pass
elif x == 2322:
    pass
elif x == 2323:
    pass
elif x == 2324:
    pass
elif x == 2325:
    pass
elif x == 2326:
    pass
elif x == 2327:
    pass
elif x == 2328:
    pass
elif x == 2329:
    pass
elif x == 2330:
    pass
elif x == 2331:
    pass
elif x == 2332:
    pass
elif x == 2333:
    pass
elif x == 2334:
    pass
elif x == 2335:
    pass
elif x == 2336:
    pass
elif x == 2337:
    pass
elif x == 2338:
    pass
elif x == 2339:
    pass
elif x == 2340:
    pass
elif x == 2341:
    pass
elif x == 2342:
    pass
elif x == 2343:
    pass
elif x == 2344:
    pass
elif x == 2345:
    pass
elif x == 2346:
    pass
elif x == 2347:
    pass
elif x == 2348:
    pass
elif x == 2349:
    pass
elif x == 2350:
    pass
elif x == 2351:
    pass
elif x == 2352:
    pass
elif x == 2353:
    pass
elif x == 2354:
    pass
elif x == 2355:
    pass
elif x == 2356:
    pass
elif x == 2357:
    pass
elif x == 2358:
    pass
elif x == 2359:
    pass
elif x == 2360:
    pass
elif x == 2361:
    pass
elif x == 2362:
    pass
elif x == 2363:
    pass
elif x == 2364:
    pass
elif x == 2365:
    pass
elif x == 2366:
    pass
elif x == 2367:
    pass
elif x == 2368:
    pass
elif x == 2369:
    pass
elif x == 2370:
    pass
elif x == 2371:
    pass
elif x == 2372:
    pass
elif x == 2373:
    pass
elif x == 2374:
    pass
elif x == 2375:
    pass
elif x == 2376:
    pass
elif x == 2377:
    pass
elif x == 2378:
    pass
elif x == 2379:
    pass
elif x == 2380:
    pass
elif x == 2381:
    pass
elif x == 2382:
    pass
elif x == 2383:
    pass
elif x == 2384:
    pass
elif x == 2385:
    pass
elif x == 2386:
    pass
elif x == 2387:
    pass
elif x == 2388:
    pass
elif x == 2389:
    pass
elif x == 2390:
    pass
elif x == 2391:
    pass
elif x == 2392:
    pass
elif x == 2393:
    pass
elif x == 2394:
    pass
elif x == 2395:
    pass
elif x == 2396:
    pass
elif x == 2397:
    pass
elif x == 2398:
    pass
elif x == 2399:
    pass
elif x == 2400:
    pass
elif x == 2401:
    pass
elif x == 2402:
    pass
elif x == 2403:
    pass
elif x == 2404:
    pass
elif x == 2405:
    pass
elif x == 2406:
    pass
elif x == 2407:
    pass
elif x == 2408:
    pass
elif x == 2409:
    pass
elif x == 2410:
    pass
elif x == 2411:
    pass
elif x == 2412:
    pass
elif x == 2413:
    pass
elif x == 2414:
    pass
elif x == 2415:
    pass
elif x == 2416:
    pass
elif x == 2417:
    pass
elif x == 2418:
    pass
elif x == 2419:
    pass
elif x == 2420:
    pass
elif x == 2421:
    pass
elif x == 2422:
    pass
elif x == 2423:
    pass
elif x == 2424:
    pass
elif x == 2425:
    pass
elif x == 2426:
    pass
elif x == 2427:
    pass
elif x == 2428:
    pass
elif x == 2429:
    pass
elif x == 2430:
    pass
elif x == 2431:
    pass
elif x == 2432:
    pass
elif x == 2433:
    pass
elif x == 2434:
    pass
elif x == 2435:
    pass
elif x == 2436:
    pass
elif x == 2437:
    pass
elif x == 2438:
    pass
elif x == 2439:
    pass
elif x == 2440:
    pass
elif x == 2441:
    pass
elif x == 2442:
    pass
elif x == 2443:
    pass
elif x == 2444:
    pass
elif x == 2445:
    pass
elif x == 2446:
    pass
elif x == 2447:
    pass
elif x == 2448:
    pass
elif x == 2449:
    pass
elif x == 2450:
    pass
elif x == 2451:
    pass
elif x == 2452:
    pass
elif x == 2453:
    pass
elif x == 2454:
    pass
elif x == 2455:
    pass
elif x == 2456:
    pass
elif x == 2457:
    pass
elif x == 2458:
    pass
elif x == 2459:
    pass
elif x == 2460:
    pass
elif x == 2461:
    pass
elif x == 2462:
    pass
elif x == 2463:
    pass
elif x == 2464:
    pass
elif x == 2465:
    pass
elif x == 2466:
    pass
elif x == 2467:
    pass
elif x == 2468:
    pass
elif x == 2469:
    pass
elif x == 2470:
    pass
elif x == 2471:
    pass
elif x == 2472:
    pass
elif x == 2473:
    pass
elif x == 2474:
    pass
elif x == 2475:
    pass
elif x == 2476:
    pass
elif x == 2477:
    pass
elif x == 2478:
    pass
elif x == 2479:
    pass
elif x == 2480:
    pass
elif x == 2481:
    pass
elif x == 2482:
    pass
elif x == 2483:
    pass
elif x == 2484:
    pass
elif x == 2485:
    pass
elif x == 2486:
    pass
elif x == 2487:
    pass
elif x == 2488:
    pass
elif x == 2489:
    pass
elif x == 2490:
    pass
elif x == 2491:
    pass
elif x == 2492:
    pass
elif x == 2493:
    pass
elif x == 2494:
    pass
elif x == 2495:
    pass
elif x == 2496:
    pass
elif x == 2497:
    pass
elif x == 2498:
    pass
elif x == 2499:
    pass
elif x == 2500:
    pass
elif x == 2501:
    pass
elif x == 2502:
    pass
elif x == 2503:
    pass
elif x == 2504:
    pass
elif x == 2505:
    pass
elif x == 2506:
    pass
elif x == 2507:
    pass
elif x == 2508:
    pass
elif x == 2509:
    pass
elif x == 2510:
    pass
elif x == 2511:
    pass
elif x == 2512:
    pass
elif x == 2513:
    pass
elif x == 2514:
    pass
elif x == 2515:
    pass
elif x == 2516:
    pass
elif x == 2517:
    pass
elif x == 2518:
    pass
elif x == 2519:
    pass
elif x == 2520:
    pass
elif x == 2521:
    pass
elif x == 2522:
    pass
elif x == 2523:
    pass
elif x == 2524:
    pass
elif x == 2525:
    pass
elif x == 2526:
    pass
elif x == 2527:
    pass
elif x == 2528:
    pass
elif x == 2529:
    pass
elif x == 2530:
    pass
elif x == 2531:
    pass
elif x == 2532:
    pass
elif x == 2533:
    pass
elif x == 2534:
    pass
elif x == 2535:
    pass
elif x == 2536:
    pass
elif x == 2537:
    pass
elif x == 2538:
    pass
elif x == 2539:
    pass
elif x == 2540:
    pass
elif x == 2541:
    pass
elif x == 2542:
    pass
elif x == 2543:
    pass
elif x == 2544:
    pass
elif x == 2545:
    pass
elif x == 2546:
    pass
elif x == 2547:
    pass
elif x == 2548:
    pass
elif x == 2549:
    pass
elif x == 2550:
    pass
elif x == 2551:
    pass
elif x == 2552:
    pass
elif x == 2553:
    pass
elif x == 2554:
    pass
elif x == 2555:
    pass
elif x == 2556:
    pass
elif x == 2557:
    pass
elif x == 2558:
    pass
elif x == 2559:
    pass
elif x == 2560:
    pass
elif x == 2561:
    pass
elif x == 2562:
    pass
elif x == 2563:
    pass
elif x == 2564:
    pass
elif x == 2565:
    pass
elif x == 2566:
    pass
elif x == 2567:
    pass
elif x == 2568:
    pass
elif x == 2569:
    pass
elif x == 2570:
    pass
elif x == 2571:
    pass
elif x == 2572:
    pass
elif x == 2573:
    pass
elif x == 2574:
    pass
elif x == 2575:
    pass
elif x == 2576:
    pass
elif x == 2577:
    pass
elif x == 2578:
    pass
elif x == 2579:
    pass
elif x == 2580:
    pass
elif x == 2581:
    pass
elif x == 2582:
    pass
elif x == 2583:
    pass
elif x == 2584:
    pass
elif x == 2585:
    pass
elif x == 2586:
    pass
elif x == 2587:
    pass
elif x == 2588:
    pass
elif x == 2589:
    pass
elif x == 2590:
    pass
elif x == 2591:
    pass
elif x == 2592:
    pass
elif x == 2593:
    pass
elif x == 2594:
    pass
elif x == 2595:
    pass
elif x == 2596:
    pass
elif x == 2597:
    pass
elif x == 2598:
    pass
elif x == 2599:
    pass
elif x == 2600:
    pass
elif x == 2601:
    pass
elif x == 2602:
    pass
elif x == 2603:
    pass
elif x == 2604:
    pass
elif x == 2605:
    pass
elif x == 2606:
    pass
elif x == 2607:
    pass
elif x == 2608:
    pass
elif x == 2609:
    pass
elif x == 2610:
    pass
elif x == 2611:
    pass
elif x == 2612:
    pass
elif x == 2613:
    pass
elif x == 2614:
    pass
elif x == 2615:
    pass
elif x == 2616:
    pass
elif x == 2617:
    pass
elif x == 2618:
    pass
elif x == 2619:
    pass
elif x == 2620:
    pass
elif x == 2621:
    pass
elif x == 2622:
    pass
elif x == 2623:
    pass
elif x == 2624:
    pass
elif x == 2625:
    pass
elif x == 2626:
    pass
elif x == 2627:
    pass
elif x == 2628:
    pass
elif x == 2629:
    pass
elif x == 2630:
    pass
elif x == 2631:
    pass
elif x == 2632:
    pass
elif x == 2633:
    pass
elif x == 2634:
    pass
elif x == 2635:
    pass
elif x == 2636:
    pass
elif x == 2637:
    pass
elif x == 2638:
    pass
elif x == 2639:
    pass
elif x == 2640:
    pass
elif x == 2641:
    pass
elif x == 2642:
    pass
elif x == 2643:
    pass
elif x == 2644:
    pass
elif x == 2645:
    pass
elif x == 2646:
    pass
elif x == 2647:
    pass
elif x == 2648:
    pass
elif x == 2649:
    pass
elif x == 2650:
    pass
elif x == 2651:
    pass
elif x == 2652:
    pass
elif x == 2653:
    pass
elif x == 2654:
    pass
elif x == 2655:
    pass
elif x == 2656:
    pass
elif x == 2657:
    pass
elif x == 2658:
    pass
elif x == 2659:
    pass
elif x == 2660:
    pass
elif x == 2661:
    pass
elif x == 2662:
    pass
elif x == 2663:
    pass
elif x == 2664:
    pass
elif x == 2665:
    pass
elif x == 2666:
    pass
elif x == 2667:
    pass
elif x == 2668:
    pass
elif x == 2669:
    pass
elif x == 2670:
    pass
elif x == 2671:
    pass
elif x == 2672:
    pass
elif x == 2673:
    pass
elif x == 2674:
    pass
elif x == 2675:
    pass
elif x == 2676:
    pass
elif x == 2677:
    pass
elif x == 2678:
    pass
elif x == 2679:
    pass
elif x == 2680:
    pass
elif x == 2681:
    pass
elif x == 2682:
    pass
elif x == 2683:
    pass
elif x == 2684:
    pass
elif x == 2685:
    pass
elif x == 2686:
    pass
elif x == 2687:
    pass
elif x == 2688:
    pass
elif x == 2689:
    pass
elif x == 2690:
    pass
elif x == 2691:
    pass
elif x == 2692:
    pass
elif x == 2693:
    pass
elif x == 2694:
    pass
elif x == 2695:
    pass
elif x == 2696:
    pass
elif x == 2697:
    pass
elif x == 2698:
    pass
elif x == 2699:
    pass
elif x == 2700:
    pass
elif x == 2701:
    pass
elif x == 2702:
    pass
elif x == 2703:
    pass
elif x == 2704:
    pass
elif x == 2705:
    pass
elif x == 2706:
    pass
elif x == 2707:
    pass
elif x == 2708:
    pass
elif x == 2709:
    pass
elif x == 2710:
    pass
elif x == 2711:
    pass
elif x == 2712:
    pass
elif x == 2713:
    pass
elif x == 2714:
    pass
elif x == 2715:
    pass
elif x == 2716:
    pass
elif x == 2717:
    pass
elif x == 2718:
    pass
elif x == 2719:
    pass
elif x == 2720:
    pass
elif x == 2721:
    pass
elif x == 2722:
    pass
elif x == 2723:
    pass
elif x == 2724:
    pass
elif x == 2725:
    pass
elif x == 2726:
    pass
elif x == 2727:
    pass
elif x == 2728:
    pass
elif x == 2729:
    pass
elif x == 2730:
    pass
elif x == 2731:
    pass
elif x == 2732:
    pass
elif x == 2733:
    pass
elif x == 2734:
    pass
elif x == 2735:
    pass
elif x == 2736:
    pass
elif x == 2737:
    pass
elif x == 2738:
    pass
elif x == 2739:
    pass
elif x == 2740:
    pass
elif x == 2741:
    pass
elif x == 2742:
    pass
elif x == 2743:
    pass
elif x == 2744:
    pass
elif x == 2745:
    pass
elif x == 2746:
    pass
elif x == 2747:
    pass
elif x == 2748:
    pass
elif x == 2749:
    pass
elif x == 2750:
    pass
elif x == 2751:
    pass
elif x == 2752:
    pass
elif x == 2753:
    pass
elif x == 2754:
    pass
elif x == 2755:
    pass
elif x == 2756:
    pass
elif x == 2757:
    pass
elif x == 2758:
    pass
elif x == 2759:
    pass
elif x == 2760:
    pass
elif x == 2761:
    pass
elif x == 2762:
    pass
elif x == 2763:
    pass
elif x == 2764:
    pass
elif x == 2765:
    pass
elif x == 2766:
    pass
elif x == 2767:
    pass
elif x == 2768:
    pass
elif x == 2769:
    pass
elif x == 2770:
    pass
elif x == 2771:
    pass
elif x == 2772:
    pass
elif x == 2773:
    pass
elif x == 2774:
    pass
elif x == 2775:
    pass
elif x == 2776:
    pass
elif x == 2777:
    pass
elif x == 2778:
    pass
elif x == 2779:
    pass
elif x == 2780:
    pass
elif x == 2781:
    pass
elif x == 2782:
    pass
elif x == 2783:
    pass
elif x == 2784:
    pass
elif x == 2785:
    pass
elif x == 2786:
    pass
elif x == 2787:
    pass
elif x == 2788:
    pass
elif x == 2789:
    pass
elif x == 2790:
    pass
elif x == 2791:
    pass
elif x == 2792:
    pass
elif x == 2793:
    pass
elif x == 2794:
    pass
elif x == 2795:
    pass
elif x == 2796:
    pass
elif x == 2797:
    pass
elif x == 2798:
    pass
elif x == 2799:
    pass
elif x == 2800:
    pass
elif x == 2801:
    pass
elif x == 2802:
    pass
elif x == 2803:
    pass
elif x == 2804:
    pass
elif x == 2805:
    pass
elif x == 2806:
    pass
elif x == 2807:
    pass
elif x == 2808:
    pass
elif x == 2809:
    pass
elif x == 2810:
    pass
elif x == 2811:
    pass
elif x == 2812:
    pass
elif x == 2813:
    pass
elif x == 2814:
    pass
elif x == 2815:
    pass
elif x == 2816:
    pass
elif x == 2817:
    pass
elif x == 2818:
    pass
elif x == 2819:
    pass
elif x == 2820:
    pass
elif x == 2821:
    pass
elif x == 2822:
    pass
elif x == 2823:
    pass
elif x == 2824:
    pass
elif x == 2825:
    pass
elif x == 2826:
    pass
elif x == 2827:
    pass
elif x == 2828:
    pass
elif x == 2829:
    pass
elif x == 2830:
    pass
elif x == 2831:
    pass
elif x == 2832:
    pass
elif x == 2833:
    pass
elif x == 2834:
    pass
elif x == 2835:
    pass
elif x == 2836:
    pass
elif x == 2837:
    pass
elif x == 2838:
    pass
elif x == 2839:
    pass
elif x == 2840:
    pass
elif x == 2841:
    pass
elif x == 2842:
    pass
elif x == 2843:
    pass
elif x == 2844:
    pass
elif x == 2845:
    pass
elif x == 2846:
    pass
elif x == 2847:
    pass
elif x == 2848:
    pass
elif x == 2849:
    pass
elif x == 2850:
    pass
elif x == 2851:
    pass
elif x == 2852:
    pass
elif x == 2853:
    pass
elif x == 2854:
    pass
elif x == 2855:
    pass
elif x == 2856:
    pass
elif x == 2857:
    pass
elif x == 2858:
    pass
elif x == 2859:
    pass
elif x == 2860:
    pass
elif x == 2861:
    pass
elif x == 2862:
    pass
elif x == 2863:
    pass
elif x == 2864:
    pass
elif x == 2865:
    pass
elif x == 2866:
    pass
elif x == 2867:
    pass
elif x == 2868:
    pass
elif x == 2869:
    pass
elif x == 2870:
    pass
elif x == 2871:
    pass
elif x == 2872:
    pass
elif x == 2873:
    pass
elif x == 2874:
    pass
elif x == 2875:
    pass
elif x == 2876:
    pass
elif x == 2877:
    pass
elif x == 2878:
    pass
elif x == 2879:
    pass
elif x == 2880:
    pass
elif x == 2881:
    pass
elif x == 2882:
    pass
elif x == 2883:
    pass
elif x == 2884:
    pass
elif x == 2885:
    pass
elif x == 2886:
    pass
elif x == 2887:
    pass
elif x == 2888:
    pass
elif x == 2889:
    pass
elif x == 2890:
    pass
elif x == 2891:
    pass
elif x == 2892:
    pass
elif x == 2893:
    pass
elif x == 2894:
    pass
elif x == 2895:
    pass
elif x == 2896:
    pass
elif x == 2897:
    pass
elif x == 2898:
    pass
elif x == 2899:
    pass
elif x == 2900:
    pass
elif x == 2901:
    pass
elif x == 2902:
    pass
elif x == 2903:
    pass
elif x == 2904:
    pass
elif x == 2905:
    pass
elif x == 2906:
    pass
elif x == 2907:
    pass
elif x == 2908:
    pass
elif x == 2909:
    pass
elif x == 2910:
    pass
elif x == 2911:
    pass
elif x == 2912:
    pass
elif x == 2913:
    pass
elif x == 2914:
    pass
elif x == 2915:
    pass
elif x == 2916:
    pass
elif x == 2917:
    pass
elif x == 2918:
    pass
elif x == 2919:
    pass
elif x == 2920:
    pass
elif x == 2921:
    pass
elif x == 2922:
    pass
elif x == 2923:
    pass
elif x == 2924:
    pass
elif x == 2925:
    pass
elif x == 2926:
    pass
elif x == 2927:
    pass
elif x == 2928:
    pass
elif x == 2929:
    pass
elif x == 2930:
    pass
elif x == 2931:
    pass
elif x == 2932:
    pass
elif x == 2933:
    pass
elif x == 2934:
    pass
elif x == 2935:
    pass
elif x == 2936:
    pass
elif x == 2937:
    pass
elif x == 2938:
    pass
elif x == 2939:
    pass
elif x == 2940:
    pass
elif x == 2941:
    pass
elif x == 2942:
    pass
elif x == 2943:
    pass
elif x == 2944:
    pass
elif x == 2945:
    pass
elif x == 2946:
    pass
elif x == 2947:
    pass
elif x == 2948:
    pass
elif x == 2949:
    pass
elif x == 2950:
    pass
elif x == 2951:
    pass
elif x == 2952:
    pass
elif x == 2953:
    pass
elif x == 2954:
    pass
elif x == 2955:
    pass
elif x == 2956:
    pass
elif x == 2957:
    pass
elif x == 2958:
    pass
elif x == 2959:
    pass
elif x == 2960:
    pass
elif x == 2961:
    pass
elif x == 2962:
    pass
elif x == 2963:
    pass
elif x == 2964:
    pass
elif x == 2965:
    pass
elif x == 2966:
    pass
elif x == 2967:
    pass
elif x == 2968:
    pass
elif x == 2969:
    pass
elif x == 2970:
    pass
elif x == 2971:
    pass
elif x == 2972:
    pass
elif x == 2973:
    pass
elif x == 2974:
    pass
elif x == 2975:
    pass
elif x == 2976:
    pass
elif x == 2977:
    pass
elif x == 2978:
    pass
elif x == 2979:
    pass
elif x == 2980:
    pass
elif x == 2981:
    pass
elif x == 2982:
    pass
elif x == 2983:
    pass
elif x == 2984:
    pass
elif x == 2985:
    pass
elif x == 2986:
    pass
elif x == 2987:
    pass
elif x == 2988:
    pass
elif x == 2989:
    pass
elif x == 2990:
    pass
elif x == 2991:
    pass
elif x == 2992:
    pass
elif x == 2993:
    pass
elif x == 2994:
    pass
elif x == 2995:
    pass
elif x == 2996:
    pass
elif x == 2997:
    pass
elif x == 2998:
    pass
elif x == 2999:
    pass
elif x == 3000:
    pass
elif x == 3001:
    pass
elif x == 3002:
    pass
elif x == 3003:
    pass
elif x == 3004:
    pass
elif x == 3005:
    pass
elif x == 3006:
    pass
elif x == 3007:
    pass
elif x == 3008:
    pass
elif x == 3009:
    pass
elif x == 3010:
    pass
elif x == 3011:
    pass
elif x == 3012:
    pass
elif x == 3013:
    pass
elif x == 3014:
    pass
elif x == 3015:
    pass
elif x == 3016:
    pass
elif x == 3017:
    pass
elif x == 3018:
    pass
elif x == 3019:
    pass
elif x == 3020:
    pass
elif x == 3021:
    pass
elif x == 3022:
    pass
elif x == 3023:
    pass
elif x == 3024:
    pass
elif x == 3025:
    pass
elif x == 3026:
    pass
elif x == 3027:
    pass
elif x == 3028:
    pass
elif x == 3029:
    pass
elif x == 3030:
    pass
elif x == 3031:
    pass
elif x == 3032:
    pass
elif x == 3033:
    pass
elif x == 3034:
    pass
elif x == 3035:
    pass
elif x == 3036:
    pass
elif x == 3037:
    pass
elif x == 3038:
    pass
elif x == 3039:
    pass
elif x == 3040:
    pass
elif x == 3041:
    pass
elif x == 3042:
    pass
elif x == 3043:
    pass
elif x == 3044:
    pass
elif x == 3045:
    pass
elif x == 3046:
    pass
elif x == 3047:
    pass
elif x == 3048:
    pass
elif x == 3049:
    pass
elif x == 3050:
    pass
elif x == 3051:
    pass
elif x == 3052:
    pass
elif x == 3053:
    pass
elif x == 3054:
    pass
elif x == 3055:
    pass
elif x == 3056:
    pass
elif x == 3057:
    pass
elif x == 3058:
    pass
elif x == 3059:
    pass
elif x == 3060:
    pass
elif x == 3061:
    pass
elif x == 3062:
    pass
elif x == 3063:
    pass
elif x == 3064:
    pass
elif x == 3065:
    pass
elif x == 3066:
    pass
elif x == 3067:
    pass
elif x == 3068:
    pass
elif x == 3069:
    pass
elif x == 3070:
    pass
elif x == 3071:
    pass
elif x == 3072:
    pass
elif x == 3073:
    pass
elif x == 3074:
    pass
elif x == 3075:
    pass
elif x == 3076:
    pass
elif x == 3077:
    pass
elif x == 3078:
    pass
elif x == 3079:
    pass
elif x == 3080:
    pass
elif x == 3081:
    pass
elif x == 3082:
    pass
elif x == 3083:
    pass
elif x == 3084:
    pass
elif x == 3085:
    pass
elif x == 3086:
    pass
elif x == 3087:
    pass
elif x == 3088:
    pass
elif x == 3089:
    pass
elif x == 3090:
    pass
elif x == 3091:
    pass
elif x == 3092:
    pass
elif x == 3093:
    pass
elif x == 3094:
    pass
elif x == 3095:
    pass
elif x == 3096:
    pass
elif x == 3097:
    pass
elif x == 3098:
    pass
elif x == 3099:
    pass
elif x == 3100:
    pass
elif x == 3101:
    pass
elif x == 3102:
    pass
elif x == 3103:
    pass
elif x == 3104:
    pass
elif x == 3105:
    pass
elif x == 3106:
    pass
elif x == 3107:
    pass
elif x == 3108:
    pass
elif x == 3109:
    pass
elif x == 3110:
    pass
elif x == 3111:
    pass
elif x == 3112:
    pass
elif x == 3113:
    pass
elif x == 3114:
    pass
elif x == 3115:
    pass
elif x == 3116:
    pass
elif x == 3117:
    pass
elif x == 3118:
    pass
elif x == 3119:
    pass
elif x == 3120:
    pass
elif x == 3121:
    pass
elif x == 3122:
    pass
elif x == 3123:
    pass
elif x == 3124:
    pass
elif x == 3125:
    pass
elif x == 3126:
    pass
elif x == 3127:
    pass
elif x == 3128:
    pass
elif x == 3129:
    pass
elif x == 3130:
    pass
elif x == 3131:
    pass
elif x == 3132:
    pass
elif x == 3133:
    pass
elif x == 3134:
    pass
elif x == 3135:
    pass
elif x == 3136:
    pass
elif x == 3137:
    pass
elif x == 3138:
    pass
elif x == 3139:
    pass
elif x == 3140:
    pass
elif x == 3141:
    pass
elif x == 3142:
    pass
elif x == 3143:
    pass
elif x == 3144:
    pass
elif x == 3145:
    pass
elif x == 3146:
    pass
elif x == 3147:
    pass
elif x == 3148:
    pass
elif x == 3149:
    pass
elif x == 3150:
    pass
elif x == 3151:
    pass
elif x == 3152:
    pass
elif x == 3153:
    pass
elif x == 3154:
    pass
elif x == 3155:
    pass
elif x == 3156:
    pass
elif x == 3157:
    pass
elif x == 3158:
    pass
elif x == 3159:
    pass
elif x == 3160:
    pass
elif x == 3161:
    pass
elif x == 3162:
    pass
elif x == 3163:
    pass
elif x == 3164:
    pass
elif x == 3165:
    pass
elif x == 3166:
    pass
elif x == 3167:
    pass
elif x == 3168:
    pass
elif x == 3169:
    pass
elif x == 3170:
    pass
elif x == 3171:
    pass
elif x == 3172:
    pass
elif x == 3173:
    pass
elif x == 3174:
    pass
elif x == 3175:
    pass
elif x == 3176:
    pass
elif x == 3177:
    pass
elif x == 3178:
    pass
elif x == 3179:
    pass
elif x == 3180:
    pass
elif x == 3181:
    pass
elif x == 3182:
    pass
elif x == 3183:
    pass
elif x == 3184:
    pass
elif x == 3185:
    pass
elif x == 3186:
    pass
elif x == 3187:
    pass
elif x == 3188:
    pass
elif x == 3189:
    pass
elif x == 3190:
    pass
elif x == 3191:
    pass
elif x == 3192:
    pass
elif x == 3193:
    pass
elif x == 3194:
    pass
elif x == 3195:
    pass
elif x == 3196:
    pass
elif x == 3197:
    pass
elif x == 3198:
    pass
elif x == 3199:
    pass
elif x == 3200:
    pass
elif x == 3201:
    pass
elif x == 3202:
    pass
elif x == 3203:
    pass
elif x == 3204:
    pass
elif x == 3205:
    pass
elif x == 3206:
    pass
elif x == 3207:
    pass
elif x == 3208:
    pass
elif x == 3209:
    pass
elif x == 3210:
    pass
elif x == 3211:
    pass
elif x == 3212:
    pass
elif x == 3213:
    pass
elif x == 3214:
    pass
elif x == 3215:
    pass
elif x == 3216:
    pass
elif x == 3217:
    pass
elif x == 3218:
    pass
elif x == 3219:
    pass
elif x == 3220:
    pass
elif x == 3221:
    pass
elif x == 3222:
    pass
elif x == 3223:
    pass
elif x == 3224:
    pass
elif x == 3225:
    pass
elif x == 3226:
    pass
elif x == 3227:
    pass
elif x == 3228:
    pass
elif x == 3229:
    pass
elif x == 3230:
    pass
elif x == 3231:
    pass
elif x == 3232:
    pass
elif x == 3233:
    pass
elif x == 3234:
    pass
elif x == 3235:
    pass
elif x == 3236:
    pass
elif x == 3237:
    pass
elif x == 3238:
    pass
elif x == 3239:
    pass
elif x == 3240:
    pass
elif x == 3241:
    pass
elif x == 3242:
    pass
elif x == 3243:
    pass
elif x == 3244:
    pass
elif x == 3245:
    pass
elif x == 3246:
    pass
elif x == 3247:
    pass
elif x == 3248:
    pass
elif x == 3249:
    pass
elif x == 3250:
    pass
elif x == 3251:
    pass
elif x == 3252:
    pass
elif x == 3253:
    pass
elif x == 3254:
    pass
elif x == 3255:
    pass
elif x == 3256:
    pass
elif x == 3257:
    pass
elif x == 3258:
    pass
elif x == 3259:
    pass
elif x == 3260:
    pass
elif x == 3261:
    pass
elif x == 3262:
    pass
elif x == 3263:
    pass
elif x == 3264:
    pass
elif x == 3265:
    pass
elif x == 3266:
    pass
elif x == 3267:
    pass
elif x == 3268:
    pass
elif x == 3269:
    pass
elif x == 3270:
    pass
elif x == 3271:
    pass
elif x == 3272:
    pass
elif x == 3273:
    pass
elif x == 3274:
    pass
elif x == 3275:
    pass
elif x == 3276:
    pass
elif x == 3277:
    pass
elif x == 3278:
    pass
elif x == 3279:
    pass
elif x == 3280:
    pass
elif x == 3281:
    pass
elif x == 3282:
    pass
elif x == 3283:
    pass
elif x == 3284:
    pass
elif x == 3285:
    pass
elif x == 3286:
    pass
elif x == 3287:
    pass
elif x == 3288:
    pass
elif x == 3289:
    pass
elif x == 3290:
    pass
elif x == 3291:
    pass
elif x == 3292:
    pass
elif x == 3293:
    pass
elif x == 3294:
    pass
elif x == 3295:
    pass
elif x == 3296:
    pass
elif x == 3297:
    pass
elif x == 3298:
    pass
elif x == 3299:
    pass
elif x == 3300:
    pass
elif x == 3301:
    pass
elif x == 3302:
    pass
elif x == 3303:
    pass
elif x == 3304:
    pass
elif x == 3305:
    pass
elif x == 3306:
    pass
elif x == 3307:
    pass
elif x == 3308:
    pass
elif x == 3309:
    pass
elif x == 3310:
    pass
elif x == 3311:
    pass
elif x == 3312:
    pass
elif x == 3313:
    pass
elif x == 3314:
    pass
elif x == 3315:
    pass
elif x == 3316:
    pass
elif x == 3317:
    pass
elif x == 3318:
    pass
elif x == 3319:
    pass
elif x == 3320:
    pass
elif x == 3321:
    pass
elif x == 3322:
    pass
elif x == 3323:
    pass
elif x == 3324:
    pass
elif x == 3325:
    pass
elif x == 3326:
    pass
elif x == 3327:
    pass
elif x == 3328:
    pass
elif x == 3329:
    pass
elif x == 3330:
    pass
elif x == 3331:
    pass
elif x == 3332:
    pass
elif x == 3333:
    pass
elif x == 3334:
    pass
elif x == 3335:
    pass
elif x == 3336:
    pass
elif x == 3337:
    pass
elif x == 3338:
    pass
elif x == 3339:
    pass
elif x == 3340:
    pass
elif x == 3341:
    pass
elif x == 3342:
    pass
elif x == 3343:
    pass
elif x == 3344:
    pass
elif x == 3345:
    pass
elif x == 3346:
    pass
elif x == 3347:
    pass
elif x == 3348:
    pass
elif x == 3349:
    pass
elif x == 3350:
    pass
elif x == 3351:
    pass
elif x == 3352:
    pass
elif x == 3353:
    pass
elif x == 3354:
    pass
elif x == 3355:
    pass
elif x == 3356:
    pass
elif x == 3357:
    pass
elif x == 3358:
    pass
elif x == 3359:
    pass
elif x == 3360:
    pass
elif x == 3361:
    pass
elif x == 3362:
    pass
elif x == 3363:
    pass
elif x == 3364:
    pass
elif x == 3365:
    pass
elif x == 3366:
    pass
elif x == 3367:
    pass
elif x == 3368:
    pass
elif x == 3369:
    pass
elif x == 3370:
    pass
elif x == 3371:
    pass
elif x == 3372:
    pass
elif x == 3373:
    pass
elif x == 3374:
    pass
elif x == 3375:
    pass
elif x == 3376:
    pass
elif x == 3377:
    pass
elif x == 3378:
    pass
elif x == 3379:
    pass
elif x == 3380:
    pass
elif x == 3381:
    pass
elif x == 3382:
    pass
elif x == 3383:
    pass
elif x == 3384:
    pass
elif x == 3385:
    pass
elif x == 3386:
    pass
elif x == 3387:
    pass
elif x == 3388:
    pass
elif x == 3389:
    pass
elif x == 3390:
    pass
elif x == 3391:
    pass
elif x == 3392:
    pass
elif x == 3393:
    pass
elif x == 3394:
    pass
elif x == 3395:
    pass
elif x == 3396:
    pass
elif x == 3397:
    pass
elif x == 3398:
    pass
elif x == 3399:
    pass
elif x == 3400:
    pass
elif x == 3401:
    pass
elif x == 3402:
    pass
elif x == 3403:
    pass
elif x == 3404:
    pass
elif x == 3405:
    pass
elif x == 3406:
    pass
elif x == 3407:
    pass
elif x == 3408:
    pass
elif x == 3409:
    pass
elif x == 3410:
    pass
elif x == 3411:
    pass
elif x == 3412:
    pass
elif x == 3413:
    pass
elif x == 3414:
    pass
elif x == 3415:
    pass
elif x == 3416:
    pass
elif x == 3417:
    pass
elif x == 3418:
    pass
elif x == 3419:
    pass
elif x == 3420:
    pass
elif x == 3421:
    pass
elif x == 3422:
    pass
elif x == 3423:
    pass
elif x == 3424:
    pass
elif x == 3425:
    pass
elif x == 3426:
    pass
elif x == 3427:
    pass
elif x == 3428:
    pass
elif x == 3429:
    pass
elif x == 3430:
    pass
elif x == 3431:
    pass
elif x == 3432:
    pass
elif x == 3433:
    pass
elif x == 3434:
    pass
elif x == 3435:
    pass
elif x == 3436:
    pass
elif x == 3437:
    pass
elif x == 3438:
    pass
elif x == 3439:
    pass
elif x == 3440:
    pass
elif x == 3441:
    pass
elif x == 3442:
    pass
elif x == 3443:
    pass
elif x == 3444:
    pass
elif x == 3445:
    pass
elif x == 3446:
    pass
elif x == 3447:
    pass
elif x == 3448:
    pass
elif x == 3449:
    pass
elif x == 3450:
    pass
elif x == 3451:
    pass
elif x == 3452:
    pass
elif x == 3453:
    pass
elif x == 3454:
    pass
elif x == 3455:
    pass
elif x == 3456:
    pass
elif x == 3457:
    pass
elif x == 3458:
    pass
elif x == 3459:
    pass
elif x == 3460:
    pass
elif x == 3461:
    pass
elif x == 3462:
    pass
elif x == 3463:
    pass
elif x == 3464:
    pass
elif x == 3465:
    pass
elif x == 3466:
    pass
elif x == 3467:
    pass
elif x == 3468:
    pass
elif x == 3469:
    pass
elif x == 3470:
    pass
elif x == 3471:
    pass
elif x == 3472:
    pass
elif x == 3473:
    pass
elif x == 3474:
    pass
elif x == 3475:
    pass
elif x == 3476:
    pass
elif x == 3477:
    pass
elif x == 3478:
    pass
elif x == 3479:
    pass
elif x == 3480:
    pass
elif x == 3481:
    pass
elif x == 3482:
    pass
elif x == 3483:
    pass
elif x == 3484:
    pass
elif x == 3485:
    pass
elif x == 3486:
    pass
elif x == 3487:
    pass
elif x == 3488:
    pass
elif x == 3489:
    pass
elif x == 3490:
    pass
elif x == 3491:
    pass
elif x == 3492:
    pass
elif x == 3493:
    pass
elif x == 3494:
    pass
elif x == 3495:
    pass
elif x == 3496:
    pass
elif x == 3497:
    pass
elif x == 3498:
    pass
elif x == 3499:
    pass
elif x == 3500:
    pass
elif x == 3501:
    pass
elif x == 3502:
    pass
elif x == 3503:
    pass
elif x == 3504:
    pass
elif x == 3505:
    pass
elif x == 3506:
    pass
elif x == 3507:
    pass
elif x == 3508:
    pass
elif x == 3509:
    pass
elif x == 3510:
    pass
elif x == 3511:
    pass
elif x == 3512:
    pass
elif x == 3513:
    pass
elif x == 3514:
    pass
elif x == 3515:
    pass
elif x == 3516:
    pass
elif x == 3517:
    pass
elif x == 3518:
    pass
elif x == 3519:
    pass
elif x == 3520:
    pass
elif x == 3521:
    pass
elif x == 3522:
    pass
elif x == 3523:
    pass
elif x == 3524:
    pass
elif x == 3525:
    pass
elif x == 3526:
    pass
elif x == 3527:
    pass
elif x == 3528:
    pass
elif x == 3529:
    pass
elif x == 3530:
    pass
elif x == 3531:
    pass
elif x == 3532:
    pass
elif x == 3533:
    pass
elif x == 3534:
    pass
elif x == 3535:
    pass
elif x == 3536:
    pass
elif x == 3537:
    pass
elif x == 3538:
    pass
elif x == 3539:
    pass
elif x == 3540:
    pass
elif x == 3541:
    pass
elif x == 3542:
    pass
elif x == 3543:
    pass
elif x == 3544:
    pass
elif x == 3545:
    pass
elif x == 3546:
    pass
elif x == 3547:
    pass
elif x == 3548:
    pass
elif x == 3549:
    pass
elif x == 3550:
    pass
elif x == 3551:
    pass
elif x == 3552:
    pass
elif x == 3553:
    pass
elif x == 3554:
    pass
elif x == 3555:
    pass
elif x == 3556:
    pass
elif x == 3557:
    pass
elif x == 3558:
    pass
elif x == 3559:
    pass
elif x == 3560:
    pass
elif x == 3561:
    pass
elif x == 3562:
    pass
elif x == 3563:
    pass
elif x == 3564:
    pass
elif x == 3565:
    pass
elif x == 3566:
    pass
elif x == 3567:
    pass
elif x == 3568:
    pass
elif x == 3569:
    pass
elif x == 3570:
    pass
elif x == 3571:
    pass
elif x == 3572:
    pass
elif x == 3573:
    pass
elif x == 3574:
    pass
elif x == 3575:
    pass
elif x == 3576:
    pass
elif x == 3577:
    pass
elif x == 3578:
    pass
elif x == 3579:
    pass
elif x == 3580:
    pass
elif x == 3581:
    pass
elif x == 3582:
    pass
elif x == 3583:
    pass
elif x == 3584:
    pass
elif x == 3585:
    pass
elif x == 3586:
    pass
elif x == 3587:
    pass
elif x == 3588:
    pass
elif x == 3589:
    pass
elif x == 3590:
    pass
elif x == 3591:
    pass
elif x == 3592:
    pass
elif x == 3593:
    pass
elif x == 3594:
    pass
elif x == 3595:
    pass
elif x == 3596:
    pass
elif x == 3597:
    pass
elif x == 3598:
    pass
elif x == 3599:
    pass
elif x == 3600:
    pass
elif x == 3601:
    pass
elif x == 3602:
    pass
elif x == 3603:
    pass
elif x == 3604:
    pass
elif x == 3605:
    pass
elif x == 3606:
    pass
elif x == 3607:
    pass
elif x == 3608:
    pass
elif x == 3609:
    pass
elif x == 3610:
    pass
elif x == 3611:
    pass
elif x == 3612:
    pass
elif x == 3613:
    pass
elif x == 3614:
    pass
elif x == 3615:
    pass
elif x == 3616:
    pass
elif x == 3617:
    pass
elif x == 3618:
    pass
elif x == 3619:
    pass
elif x == 3620:
    pass
elif x == 3621:
    pass
elif x == 3622:
    pass
elif x == 3623:
    pass
elif x == 3624:
    pass
elif x == 3625:
    pass
elif x == 3626:
    pass
elif x == 3627:
    pass
elif x == 3628:
    pass
elif x == 3629:
    pass
elif x == 3630:
    pass
elif x == 3631:
    pass
elif x == 3632:
    pass
elif x == 3633:
    pass
elif x == 3634:
    pass
elif x == 3635:
    pass
elif x == 3636:
    pass
elif x == 3637:
    pass
elif x == 3638:
    pass
elif x == 3639:
    pass
elif x == 3640:
    pass
elif x == 3641:
    pass
elif x == 3642:
    pass
elif x == 3643:
    pass
elif x == 3644:
    pass
elif x == 3645:
    pass
elif x == 3646:
    pass
elif x == 3647:
    pass
elif x == 3648:
    pass
elif x == 3649:
    pass
elif x == 3650:
    pass
elif x == 3651:
    pass
elif x == 3652:
    pass
elif x == 3653:
    pass
elif x == 3654:
    pass
elif x == 3655:
    pass
elif x == 3656:
    pass
elif x == 3657:
    pass
elif x == 3658:
    pass
elif x == 3659:
    pass
elif x == 3660:
    pass
elif x == 3661:
    pass
elif x == 3662:
    pass
elif x == 3663:
    pass
elif x == 3664:
    pass
elif x == 3665:
    pass
elif x == 3666:
    pass
elif x == 3667:
    pass
elif x == 3668:
    pass
elif x == 3669:
    pass
elif x == 3670:
    pass
elif x == 3671:
    pass
elif x == 3672:
    pass
elif x == 3673:
    pass
elif x == 3674:
    pass
elif x == 3675:
    pass
elif x == 3676:
    pass
elif x == 3677:
    pass
elif x == 3678:
    pass
elif x == 3679:
    pass
elif x == 3680:
    pass
elif x == 3681:
    pass
elif x == 3682:
    pass
elif x == 3683:
    pass
elif x == 3684:
    pass
elif x == 3685:
    pass
elif x == 3686:
    pass
elif x == 3687:
    pass
elif x == 3688:
    pass
elif x == 3689:
    pass
elif x == 3690:
    pass
elif x == 3691:
    pass
elif x == 3692:
    pass
elif x == 3693:
    pass
elif x == 3694:
    pass
elif x == 3695:
    pass
elif x == 3696:
    pass
elif x == 3697:
    pass
elif x == 3698:
    pass
elif x == 3699:
    pass
elif x == 3700:
    pass
elif x == 3701:
    pass
elif x == 3702:
    pass
elif x == 3703:
    pass
elif x == 3704:
    pass
elif x == 3705:
    pass
elif x == 3706:
    pass
elif x == 3707:
    pass
elif x == 3708:
    pass
elif x == 3709:
    pass
elif x == 3710:
    pass
elif x == 3711:
    pass
elif x == 3712:
    pass
elif x == 3713:
    pass
elif x == 3714:
    pass
elif x == 3715:
    pass
elif x == 3716:
    pass
elif x == 3717:
    pass
elif x == 3718:
    pass
elif x == 3719:
    pass
elif x == 3720:
    pass
elif x == 3721:
    pass
elif x == 3722:
    pass
elif x == 3723:
    pass
elif x == 3724:
    pass
elif x == 3725:
    pass
elif x == 3726:
    pass
elif x == 3727:
    pass
elif x == 3728:
    pass
elif x == 3729:
    pass
elif x == 3730:
    pass
elif x == 3731:
    pass
elif x == 3732:
    pass
elif x == 3733:
    pass
elif x == 3734:
    pass
elif x == 3735:
    pass
elif x == 3736:
    pass
elif x == 3737:
    pass
elif x == 3738:
    pass
elif x == 3739:
    pass
elif x == 3740:
    pass
elif x == 3741:
    pass
elif x == 3742:
    pass
elif x == 3743:
    pass
elif x == 3744:
    pass
elif x == 3745:
    pass
elif x == 3746:
    pass
elif x == 3747:
    pass
elif x == 3748:
    pass
elif x == 3749:
    pass
elif x == 3750:
    pass
elif x == 3751:
    pass
elif x == 3752:
    pass
elif x == 3753:
    pass
elif x == 3754:
    pass
elif x == 3755:
    pass
elif x == 3756:
    pass
elif x == 3757:
    pass
elif x == 3758:
    pass
elif x == 3759:
    pass
elif x == 3760:
    pass
elif x == 3761:
    pass
elif x == 3762:
    pass
elif x == 3763:
    pass
elif x == 3764:
    pass
elif x == 3765:
    pass
elif x == 3766:
    pass
elif x == 3767:
    pass
elif x == 3768:
    pass
elif x == 3769:
    pass
elif x == 3770:
    pass
elif x == 3771:
    pass
elif x == 3772:
    pass
elif x == 3773:
    pass
elif x == 3774:
    pass
elif x == 3775:
    pass
elif x == 3776:
    pass
elif x == 3777:
    pass
elif x == 3778:
    pass
elif x == 3779:
    pass
elif x == 3780:
    pass
elif x == 3781:
    pass
elif x == 3782:
    pass
elif x == 3783:
    pass
elif x == 3784:
    pass
elif x == 3785:
    pass
elif x == 3786:
    pass
elif x == 3787:
    pass
elif x == 3788:
    pass
elif x == 3789:
    pass
elif x == 3790:
    pass
elif x == 3791:
    pass
elif x == 3792:
    pass
elif x == 3793:
    pass
elif x == 3794:
    pass
elif x == 3795:
    pass
elif x == 3796:
    pass
elif x == 3797:
    pass
elif x == 3798:
    pass
elif x == 3799:
    pass
elif x == 3800:
    pass
elif x == 3801:
    pass
elif x == 3802:
    pass
elif x == 3803:
    pass
elif x == 3804:
    pass
elif x == 3805:
    pass
elif x == 3806:
    pass
elif x == 3807:
    pass
elif x == 3808:
    pass
elif x == 3809:
    pass
elif x == 3810:
    pass
elif x == 3811:
    pass
elif x == 3812:
    pass
elif x == 3813:
    pass
elif x == 3814:
    pass
elif x == 3815:
    pass
elif x == 3816:
    pass
elif x == 3817:
    pass
elif x == 3818:
    pass
elif x == 3819:
    pass
elif x == 3820:
    pass
elif x == 3821:
    pass
elif x == 3822:
    pass
elif x == 3823:
    pass
elif x == 3824:
    pass
elif x == 3825:
    pass
elif x == 3826:
    pass
elif x == 3827:
    pass
elif x == 3828:
    pass
elif x == 3829:
    pass
elif x == 3830:
    pass
elif x == 3831:
    pass
elif x == 3832:
    pass
elif x == 3833:
    pass
elif x == 3834:
    pass
elif x == 3835:
    pass
elif x == 3836:
    pass
elif x == 3837:
    pass
elif x == 3838:
    pass
elif x == 3839:
    pass
elif x == 3840:
    pass
elif x == 3841:
    pass
elif x == 3842:
    pass
elif x == 3843:
    pass
elif x == 3844:
    pass
elif x == 3845:
    pass
elif x == 3846:
    pass
elif x == 3847:
    pass
elif x == 3848:
    pass
elif x == 3849:
    pass
elif x == 3850:
    pass
elif x == 3851:
    pass
elif x == 3852:
    pass
elif x == 3853:
    pass
elif x == 3854:
    pass
elif x == 3855:
    pass
elif x == 3856:
    pass
elif x == 3857:
    pass
elif x == 3858:
    pass
elif x == 3859:
    pass
elif x == 3860:
    pass
elif x == 3861:
    pass
elif x == 3862:
    pass
elif x == 3863:
    pass
elif x == 3864:
    pass
elif x == 3865:
    pass
elif x == 3866:
    pass
elif x == 3867:
    pass
elif x == 3868:
    pass
elif x == 3869:
    pass
elif x == 3870:
    pass
elif x == 3871:
    pass
elif x == 3872:
    pass
elif x == 3873:
    pass
elif x == 3874:
    pass
elif x == 3875:
    pass
elif x == 3876:
    pass
elif x == 3877:
    pass
elif x == 3878:
    pass
elif x == 3879:
    pass
elif x == 3880:
    pass
elif x == 3881:
    pass
elif x == 3882:
    pass
elif x == 3883:
    pass
elif x == 3884:
    pass
elif x == 3885:
    pass
elif x == 3886:
    pass
elif x == 3887:
    pass
elif x == 3888:
    pass
elif x == 3889:
    pass
elif x == 3890:
    pass
elif x == 3891:
    pass
elif x == 3892:
    pass
elif x == 3893:
    pass
elif x == 3894:
    pass
elif x == 3895:
    pass
elif x == 3896:
    pass
elif x == 3897:
    pass
elif x == 3898:
    pass
elif x == 3899:
    pass
elif x == 3900:
    pass
elif x == 3901:
    pass
elif x == 3902:
    pass
elif x == 3903:
    pass
elif x == 3904:
    pass
elif x == 3905:
    pass
elif x == 3906:
    pass
elif x == 3907:
    pass
elif x == 3908:
    pass
elif x == 3909:
    pass
elif x == 3910:
    pass
elif x == 3911:
    pass
elif x == 3912:
    pass
elif x == 3913:
    pass
elif x == 3914:
    pass
elif x == 3915:
    pass
elif x == 3916:
    pass
elif x == 3917:
    pass
elif x == 3918:
    pass
elif x == 3919:
    pass
elif x == 3920:
    pass
elif x == 3921:
    pass
elif x == 3922:
    pass
elif x == 3923:
    pass
elif x == 3924:
    pass
elif x == 3925:
    pass
elif x == 3926:
    pass
elif x == 3927:
    pass
elif x == 3928:
    pass
elif x == 3929:
    pass
elif x == 3930:
    pass
elif x == 3931:
    pass
elif x == 3932:
    pass
elif x == 3933:
    pass
elif x == 3934:
    pass
elif x == 3935:
    pass
elif x == 3936:
    pass
elif x == 3937:
    pass
elif x == 3938:
    pass
elif x == 3939:
    pass
elif x == 3940:
    pass
elif x == 3941:
    pass
elif x == 3942:
    pass
elif x == 3943:
    pass
elif x == 3944:
    pass
elif x == 3945:
    pass
elif x == 3946:
    pass
elif x == 3947:
    pass
elif x == 3948:
    pass
elif x == 3949:
    pass
elif x == 3950:
    pass
elif x == 3951:
    pass
elif x == 3952:
    pass
elif x == 3953:
    pass
elif x == 3954:
    pass
elif x == 3955:
    pass
elif x == 3956:
    pass
elif x == 3957:
    pass
elif x == 3958:
    pass
elif x == 3959:
    pass
elif x == 3960:
    pass
elif x == 3961:
    pass
elif x == 3962:
    pass
elif x == 3963:
    pass
elif x == 3964:
    pass
elif x == 3965:
    pass
elif x == 3966:
    pass
elif x == 3967:
    pass
elif x == 3968:
    pass
elif x == 3969:
    pass
elif x == 3970:
    pass
elif x == 3971:
    pass
elif x == 3972:
    pass
elif x == 3973:
    pass
elif x == 3974:
    pass
elif x == 3975:
    pass
elif x == 3976:
    pass
elif x == 3977:
    pass
elif x == 3978:
    pass
elif x == 3979:
    pass
elif x == 3980:
    pass
elif x == 3981:
    pass
elif x == 3982:
    pass
elif x == 3983:
    pass
elif x == 3984:
    pass
elif x == 3985:
    pass
elif x == 3986:
    pass
elif x == 3987:
    pass
elif x == 3988:
    pass
elif x == 3989:
    pass
elif x == 3990:
    pass
elif x == 3991:
    pass
elif x == 3992:
    pass
elif x == 3993:
    pass
elif x == 3994:
    pass
elif x == 3995:
    pass
elif x == 3996:
    pass
elif x == 3997:
    pass
elif x == 3998:
    pass
elif x == 3999:
    pass
elif x == 4000:
    pass
elif x == 4001:
    pass
elif x == 4002:
    pass
elif x == 4003:
    pass
elif x == 4004:
    pass
elif x == 4005:
    pass
elif x == 4006:
    pass
elif x == 4007:
    pass
elif x == 4008:
    pass
elif x == 4009:
    pass
elif x == 4010:
    pass
elif x == 4011:
    pass
elif x == 4012:
    pass
elif x == 4013:
    pass
elif x == 4014:
    pass
elif x == 4015:
    pass
elif x == 4016:
    pass
elif x == 4017:
    pass
elif x == 4018:
    pass
elif x == 4019:
    pass
elif x == 4020:
    pass
elif x == 4021:
    pass
elif x == 4022:
    pass
elif x == 4023:
    pass
elif x == 4024:
    pass
elif x == 4025:
    pass
elif x == 4026:
    pass
elif x == 4027:
    pass
elif x == 4028:
    pass
elif x == 4029:
    pass
elif x == 4030:
    pass
elif x == 4031:
    pass
elif x == 4032:
    pass
elif x == 4033:
    pass
elif x == 4034:
    pass
elif x == 4035:
    pass
elif x == 4036:
    pass
elif x == 4037:
    pass
elif x == 4038:
    pass
elif x == 4039:
    pass
elif x == 4040:
    pass
elif x == 4041:
    pass
elif x == 4042:
    pass
elif x == 4043:
    pass
elif x == 4044:
    pass
elif x == 4045:
    pass
elif x == 4046:
    pass
elif x == 4047:
    pass
elif x == 4048:
    pass
elif x == 4049:
    pass
elif x == 4050:
    pass
elif x == 4051:
    pass
elif x == 4052:
    pass
elif x == 4053:
    pass
elif x == 4054:
    pass
elif x == 4055:
    pass
elif x == 4056:
    pass
elif x == 4057:
    pass
elif x == 4058:
    pass
elif x == 4059:
    pass
elif x == 4060:
    pass
elif x == 4061:
    pass
elif x == 4062:
    pass
elif x == 4063:
    pass
elif x == 4064:
    pass
elif x == 4065:
    pass
elif x == 4066:
    pass
elif x == 4067:
    pass
elif x == 4068:
    pass
elif x == 4069:
    pass
elif x == 4070:
    pass
elif x == 4071:
    pass
elif x == 4072:
    pass
elif x == 4073:
    pass
elif x == 4074:
    pass
elif x == 4075:
    pass
elif x == 4076:
    pass
elif x == 4077:
    pass
elif x == 4078:
    pass
elif x == 4079:
    pass
elif x == 4080:
    pass
elif x == 4081:
    pass
elif x == 4082:
    pass
elif x == 4083:
    pass
elif x == 4084:
    pass
elif x == 4085:
    pass
elif x == 4086:
    pass
elif x == 4087:
    pass
elif x == 4088:
    pass
elif x == 4089:
    pass
elif x == 4090:
    pass
elif x == 4091:
    pass
elif x == 4092:
    pass
elif x == 4093:
    pass
elif x == 4094:
    pass
elif x == 4095:
    pass
elif x == 4096:
    pass
elif x == 4097:
    pass
elif x == 4098:
    pass
elif x == 4099:
    pass
elif x == 4100:
    pass
elif x == 4101:
    pass
elif x == 4102:
    pass
elif x == 4103:
    pass
elif x == 4104:
    pass
elif x == 4105:
    pass
elif x == 4106:
    pass
elif x == 4107:
    pass
elif x == 4108:
    pass
elif x == 4109:
    pass
elif x == 4110:
    pass
elif x == 4111:
    pass
elif x == 4112:
    pass
elif x == 4113:
    pass
elif x == 4114:
    pass
elif x == 4115:
    pass
elif x == 4116:
    pass
elif x == 4117:
    pass
elif x == 4118:
    pass
elif x == 4119:
    pass
elif x == 4120:
    pass
elif x == 4121:
    pass
elif x == 4122:
    pass
elif x == 4123:
    pass
elif x == 4124:
    pass
elif x == 4125:
    pass
elif x == 4126:
    pass
elif x == 4127:
    pass
elif x == 4128:
    pass
elif x == 4129:
    pass
elif x == 4130:
    pass
elif x == 4131:
    pass
elif x == 4132:
    pass
elif x == 4133:
    pass
elif x == 4134:
    pass
elif x == 4135:
    pass
elif x == 4136:
    pass
elif x == 4137:
    pass
elif x == 4138:
    pass
elif x == 4139:
    pass
elif x == 4140:
    pass
elif x == 4141:
    pass
elif x == 4142:
    pass
elif x == 4143:
    pass
elif x == 4144:
    pass
elif x == 4145:
    pass
elif x == 4146:
    pass
elif x == 4147:
    pass
elif x == 4148:
    pass
elif x == 4149:
    pass
elif x == 4150:
    pass
elif x == 4151:
    pass
elif x == 4152:
    pass
elif x == 4153:
    pass
elif x == 4154:
    pass
elif x == 4155:
    pass
elif x == 4156:
    pass
elif x == 4157:
    pass
elif x == 4158:
    pass
elif x == 4159:
    pass
elif x == 4160:
    pass
elif x == 4161:
    pass
elif x == 4162:
    pass
elif x == 4163:
    pass
elif x == 4164:
    pass
elif x == 4165:
    pass
elif x == 4166:
    pass
elif x == 4167:
    pass
elif x == 4168:
    pass
elif x == 4169:
    pass
elif x == 4170:
    pass
elif x == 4171:
    pass
elif x == 4172:
    pass
elif x == 4173:
    pass
elif x == 4174:
    pass
elif x == 4175:
    pass
elif x == 4176:
    pass
elif x == 4177:
    pass
elif x == 4178:
    pass
elif x == 4179:
    pass
elif x == 4180:
    pass
elif x == 4181:
    pass
elif x == 4182:
    pass
elif x == 4183:
    pass
elif x == 4184:
    pass
elif x == 4185:
    pass
elif x == 4186:
    pass
elif x == 4187:
    pass
elif x == 4188:
    pass
elif x == 4189:
    pass
elif x == 4190:
    pass
elif x == 4191:
    pass
elif x == 4192:
    pass
elif x == 4193:
    pass
elif x == 4194:
    pass
elif x == 4195:
    pass
elif x == 4196:
    pass
elif x == 4197:
    pass
elif x == 4198:
    pass
elif x == 4199:
    pass
elif x == 4200:
    pass
elif x == 4201:
    pass
elif x == 4202:
    pass
elif x == 4203:
    pass
elif x == 4204:
    pass
elif x == 4205:
    pass
elif x == 4206:
    pass
elif x == 4207:
    pass
elif x == 4208:
    pass
elif x == 4209:
    pass
elif x == 4210:
    pass
elif x == 4211:
    pass
elif x == 4212:
    pass
elif x == 4213:
    pass
elif x == 4214:
    pass
elif x == 4215:
    pass
elif x == 4216:
    pass
elif x == 4217:
    pass
elif x == 4218:
    pass
elif x == 4219:
    pass
elif x == 4220:
    pass
elif x == 4221:
    pass
elif x == 4222:
    pass
elif x == 4223:
    pass
elif x == 4224:
    pass
elif x == 4225:
    pass
elif x == 4226:
    pass
elif x == 4227:
    pass
elif x == 4228:
    pass
elif x == 4229:
    pass
elif x == 4230:
    pass
elif x == 4231:
    pass
elif x == 4232:
    pass
elif x == 4233:
    pass
elif x == 4234:
    pass
elif x == 4235:
    pass
elif x == 4236:
    pass
elif x == 4237:
    pass
elif x == 4238:
    pass
elif x == 4239:
    pass
elif x == 4240:
    pass
elif x == 4241:
    pass
elif x == 4242:
    pass
elif x == 4243:
    pass
elif x == 4244:
    pass
elif x == 4245:
    pass
elif x == 4246:
    pass
elif x == 4247:
    pass
elif x == 4248:
    pass
elif x == 4249:
    pass
elif x == 4250:
    pass
elif x == 4251:
    pass
elif x == 4252:
    pass
elif x == 4253:
    pass
elif x == 4254:
    pass
elif x == 4255:
    pass
elif x == 4256:
    pass
elif x == 4257:
    pass
elif x == 4258:
    pass
elif x == 4259:
    pass
elif x == 4260:
    pass
elif x == 4261:
    pass
elif x == 4262:
    pass
elif x == 4263:
    pass
elif x == 4264:
    pass
elif x == 4265:
    pass
elif x == 4266:
    pass
elif x == 4267:
    pass
elif x == 4268:
    pass
elif x == 4269:
    pass
elif x == 4270:
    pass
elif x == 4271:
    pass
elif x == 4272:
    pass
elif x == 4273:
    pass
elif x == 4274:
    pass
elif x == 4275:
    pass
elif x == 4276:
    pass
elif x == 4277:
    pass
elif x == 4278:
    pass
elif x == 4279:
    pass
elif x == 4280:
    pass
elif x == 4281:
    pass
elif x == 4282:
    pass
elif x == 4283:
    pass
elif x == 4284:
    pass
elif x == 4285:
    pass
elif x == 4286:
    pass
elif x == 4287:
    pass
elif x == 4288:
    pass
elif x == 4289:
    pass
elif x == 4290:
    pass
elif x == 4291:
    pass
elif x == 4292:
    pass
elif x == 4293:
    pass
elif x == 4294:
    pass
elif x == 4295:
    pass
elif x == 4296:
    pass
elif x == 4297:
    pass
elif x == 4298:
    pass
elif x == 4299:
    pass
elif x == 4300:
    pass
elif x == 4301:
    pass
elif x == 4302:
    pass
elif x == 4303:
    pass
elif x == 4304:
    pass
elif x == 4305:
    pass
elif x == 4306:
    pass
elif x == 4307:
    pass
elif x == 4308:
    pass
elif x == 4309:
    pass
elif x == 4310:
    pass
elif x == 4311:
    pass
elif x == 4312:
    pass
elif x == 4313:
    pass
elif x == 4314:
    pass
elif x == 4315:
    pass
elif x == 4316:
    pass
elif x == 4317:
    pass
elif x == 4318:
    pass
elif x == 4319:
    pass
elif x == 4320:
    pass
elif x == 4321:
    pass
elif x == 4322:
    pass
elif x == 4323:
    pass
elif x == 4324:
    pass
elif x == 4325:
    pass
elif x == 4326:
    pass
elif x == 4327:
    pass
elif x == 4328:
    pass
elif x == 4329:
    pass
elif x == 4330:
    pass
elif x == 4331:
    pass
elif x == 4332:
    pass
elif x == 4333:
    pass
elif x == 4334:
    pass
elif x == 4335:
    pass
elif x == 4336:
    pass
elif x == 4337:
    pass
elif x == 4338:
    pass
elif x == 4339:
    pass
elif x == 4340:
    pass
elif x == 4341:
    pass
elif x == 4342:
    pass
elif x == 4343:
    pass
elif x == 4344:
    pass
elif x == 4345:
    pass
elif x == 4346:
    pass
elif x == 4347:
    pass
elif x == 4348:
    pass
elif x == 4349:
    pass
elif x == 4350:
    pass
elif x == 4351:
    pass
elif x == 4352:
    pass
elif x == 4353:
    pass
elif x == 4354:
    pass
elif x == 4355:
    pass
elif x == 4356:
    pass
elif x == 4357:
    pass
elif x == 4358:
    pass
elif x == 4359:
    pass
elif x == 4360:
    pass
elif x == 4361:
    pass
elif x == 4362:
    pass
elif x == 4363:
    pass
elif x == 4364:
    pass
elif x == 4365:
    pass
elif x == 4366:
    pass
elif x == 4367:
    pass
elif x == 4368:
    pass
elif x == 4369:
    pass
elif x == 4370:
    pass
elif x == 4371:
    pass
elif x == 4372:
    pass
elif x == 4373:
    pass
elif x == 4374:
    pass
elif x == 4375:
    pass
elif x == 4376:
    pass
elif x == 4377:
    pass
elif x == 4378:
    pass
elif x == 4379:
    pass
elif x == 4380:
    pass
elif x == 4381:
    pass
elif x == 4382:
    pass
elif x == 4383:
    pass
elif x == 4384:
    pass
elif x == 4385:
    pass
elif x == 4386:
    pass
elif x == 4387:
    pass
elif x == 4388:
    pass
elif x == 4389:
    pass
elif x == 4390:
    pass
elif x == 4391:
    pass
elif x == 4392:
    pass
elif x == 4393:
    pass
elif x == 4394:
    pass
elif x == 4395:
    pass
elif x == 4396:
    pass
elif x == 4397:
    pass
elif x == 4398:
    pass
elif x == 4399:
    pass
elif x == 4400:
    pass
elif x == 4401:
    pass
elif x == 4402:
    pass
elif x == 4403:
    pass
elif x == 4404:
    pass
elif x == 4405:
    pass
elif x == 4406:
    pass
elif x == 4407:
    pass
elif x == 4408:
    pass
elif x == 4409:
    pass
elif x == 4410:
    pass
elif x == 4411:
    pass
elif x == 4412:
    pass
elif x == 4413:
    pass
elif x == 4414:
    pass
elif x == 4415:
    pass
elif x == 4416:
    pass
elif x == 4417:
    pass
elif x == 4418:
    pass
elif x == 4419:
    pass
elif x == 4420:
    pass
elif x == 4421:
    pass
elif x == 4422:
    pass
elif x == 4423:
    pass
elif x == 4424:
    pass
elif x == 4425:
    pass
elif x == 4426:
    pass
elif x == 4427:
    pass
elif x == 4428:
    pass
elif x == 4429:
    pass
elif x == 4430:
    pass
elif x == 4431:
    pass
elif x == 4432:
    pass
elif x == 4433:
    pass
elif x == 4434:
    pass
elif x == 4435:
    pass
elif x == 4436:
    pass
elif x == 4437:
    pass
elif x == 4438:
    pass
elif x == 4439:
    pass
elif x == 4440:
    pass
elif x == 4441:
    pass
elif x == 4442:
    pass
elif x == 4443:
    pass
elif x == 4444:
    pass
elif x == 4445:
    pass
elif x == 4446:
    pass
elif x == 4447:
    pass
elif x == 4448:
    pass
elif x == 4449:
    pass
elif x == 4450:
    pass
elif x == 4451:
    pass
elif x == 4452:
    pass
elif x == 4453:
    pass
elif x == 4454:
    pass
elif x == 4455:
    pass
elif x == 4456:
    pass
elif x == 4457:
    pass
elif x == 4458:
    pass
elif x == 4459:
    pass
elif x == 4460:
    pass
elif x == 4461:
    pass
elif x == 4462:
    pass
elif x == 4463:
    pass
elif x == 4464:
    pass
elif x == 4465:
    pass
elif x == 4466:
    pass
elif x == 4467:
    pass
elif x == 4468:
    pass
elif x == 4469:
    pass
elif x == 4470:
    pass
elif x == 4471:
    pass
elif x == 4472:
    pass
elif x == 4473:
    pass
elif x == 4474:
    pass
elif x == 4475:
    pass
elif x == 4476:
    pass
elif x == 4477:
    pass
elif x == 4478:
    pass
elif x == 4479:
    pass
elif x == 4480:
    pass
elif x == 4481:
    pass
elif x == 4482:
    pass
elif x == 4483:
    pass
elif x == 4484:
    pass
elif x == 4485:
    pass
elif x == 4486:
    pass
elif x == 4487:
    pass
elif x == 4488:
    pass
elif x == 4489:
    pass
elif x == 4490:
    pass
elif x == 4491:
    pass
elif x == 4492:
    pass
elif x == 4493:
    pass
elif x == 4494:
    pass
elif x == 4495:
    pass
elif x == 4496:
    pass
elif x == 4497:
    pass
elif x == 4498:
    pass
elif x == 4499:
    pass
elif x == 4500:
    pass
elif x == 4501:
    pass
elif x == 4502:
    pass
elif x == 4503:
    pass
elif x == 4504:
    pass
elif x == 4505:
    pass
elif x == 4506:
    pass
elif x == 4507:
    pass
elif x == 4508:
    pass
elif x == 4509:
    pass
elif x == 4510:
    pass
elif x == 4511:
    pass
elif x == 4512:
    pass
elif x == 4513:
    pass
elif x == 4514:
    pass
elif x == 4515:
    pass
elif x == 4516:
    pass
elif x == 4517:
    pass
elif x == 4518:
    pass
elif x == 4519:
    pass
elif x == 4520:
    pass
elif x == 4521:
    pass
elif x == 4522:
    pass
elif x == 4523:
    pass
elif x == 4524:
    pass
elif x == 4525:
    pass
elif x == 4526:
    pass
elif x == 4527:
    pass
elif x == 4528:
    pass
elif x == 4529:
    pass
elif x == 4530:
    pass
elif x == 4531:
    pass
elif x == 4532:
    pass
elif x == 4533:
    pass
elif x == 4534:
    pass
elif x == 4535:
    pass
elif x == 4536:
    pass
elif x == 4537:
    pass
elif x == 4538:
    pass
elif x == 4539:
    pass
elif x == 4540:
    pass
elif x == 4541:
    pass
elif x == 4542:
    pass
elif x == 4543:
    pass
elif x == 4544:
    pass
elif x == 4545:
    pass
elif x == 4546:
    pass
elif x == 4547:
    pass
elif x == 4548:
    pass
elif x == 4549:
    pass
elif x == 4550:
    pass
elif x == 4551:
    pass
elif x == 4552:
    pass
elif x == 4553:
    pass
elif x == 4554:
    pass
elif x == 4555:
    pass
elif x == 4556:
    pass
elif x == 4557:
    pass
elif x == 4558:
    pass
elif x == 4559:
    pass
elif x == 4560:
    pass
elif x == 4561:
    pass
elif x == 4562:
    pass
elif x == 4563:
    pass
elif x == 4564:
    pass
elif x == 4565:
    pass
elif x == 4566:
    pass
elif x == 4567:
    pass
elif x == 4568:
    pass
elif x == 4569:
    pass
elif x == 4570:
    pass
elif x == 4571:
    pass
elif x == 4572:
    pass
elif x == 4573:
    pass
elif x == 4574:
    pass
elif x == 4575:
    pass
elif x == 4576:
    pass
elif x == 4577:
    pass
elif x == 4578:
    pass
elif x == 4579:
    pass
elif x == 4580:
    pass
elif x == 4581:
    pass
elif x == 4582:
    pass
elif x == 4583:
    pass
elif x == 4584:
    pass
elif x == 4585:
    pass
elif x == 4586:
    pass
elif x == 4587:
    pass
elif x == 4588:
    pass
elif x == 4589:
    pass
elif x == 4590:
    pass
elif x == 4591:
    pass
elif x == 4592:
    pass
elif x == 4593:
    pass
elif x == 4594:
    pass
elif x == 4595:
    pass
elif x == 4596:
    pass
elif x == 4597:
    pass
elif x == 4598:
    pass
elif x == 4599:
    pass
elif x == 4600:
    pass
elif x == 4601:
    pass
elif x == 4602:
    pass
elif x == 4603:
    pass
elif x == 4604:
    pass
elif x == 4605:
    pass
elif x == 4606:
    pass
elif x == 4607:
    pass
elif x == 4608:
    pass
elif x == 4609:
    pass
elif x == 4610:
    pass
elif x == 4611:
    pass
elif x == 4612:
    pass
elif x == 4613:
    pass
elif x == 4614:
    pass
elif x == 4615:
    pass
elif x == 4616:
    pass
elif x == 4617:
    pass
elif x == 4618:
    pass
elif x == 4619:
    pass
elif x == 4620:
    pass
elif x == 4621:
    pass
elif x == 4622:
    pass
elif x == 4623:
    pass
elif x == 4624:
    pass
elif x == 4625:
    pass
elif x == 4626:
    pass
elif x == 4627:
    pass
elif x == 4628:
    pass
elif x == 4629:
    pass
elif x == 4630:
    pass
elif x == 4631:
    pass
elif x == 4632:
    pass
elif x == 4633:
    pass
elif x == 4634:
    pass
elif x == 4635:
    pass
elif x == 4636:
    pass
elif x == 4637:
    pass
elif x == 4638:
    pass
elif x == 4639:
    pass
elif x == 4640:
    pass
elif x == 4641:
    pass
elif x == 4642:
    pass
elif x == 4643:
    pass
elif x == 4644:
    pass
elif x == 4645:
    pass
elif x == 4646:
    pass
elif x == 4647:
    pass
elif x == 4648:
    pass
elif x == 4649:
    pass
elif x == 4650:
    pass
elif x == 4651:
    pass
elif x == 4652:
    pass
elif x == 4653:
    pass
elif x == 4654:
    pass
elif x == 4655:
    pass
elif x == 4656:
    pass
elif x == 4657:
    pass
elif x == 4658:
    pass
elif x == 4659:
    pass
elif x == 4660:
    pass
elif x == 4661:
    pass
elif x == 4662:
    pass
elif x == 4663:
    pass
elif x == 4664:
    pass
elif x == 4665:
    pass
elif x == 4666:
    pass
elif x == 4667:
    pass
elif x == 4668:
    pass
elif x == 4669:
    pass
elif x == 4670:
    pass
elif x == 4671:
    pass
elif x == 4672:
    pass
elif x == 4673:
    pass
elif x == 4674:
    pass
elif x == 4675:
    pass
elif x == 4676:
    pass
elif x == 4677:
    pass
elif x == 4678:
    pass
elif x == 4679:
    pass
elif x == 4680:
    pass
elif x == 4681:
    pass
elif x == 4682:
    pass
elif x == 4683:
    pass
elif x == 4684:
    pass
elif x == 4685:
    pass
elif x == 4686:
    pass
elif x == 4687:
    pass
elif x == 4688:
    pass
elif x == 4689:
    pass
elif x == 4690:
    pass
elif x == 4691:
    pass
elif x == 4692:
    pass
elif x == 4693:
    pass
elif x == 4694:
    pass
elif x == 4695:
    pass
elif x == 4696:
    pass
elif x == 4697:
    pass
elif x == 4698:
    pass
elif x == 4699:
    pass
elif x == 4700:
    pass
elif x == 4701:
    pass
elif x == 4702:
    pass
elif x == 4703:
    pass
elif x == 4704:
    pass
elif x == 4705:
    pass
elif x == 4706:
    pass
elif x == 4707:
    pass
elif x == 4708:
    pass
elif x == 4709:
    pass
elif x == 4710:
    pass
elif x == 4711:
    pass
elif x == 4712:
    pass
elif x == 4713:
    pass
elif x == 4714:
    pass
elif x == 4715:
    pass
elif x == 4716:
    pass
elif x == 4717:
    pass
elif x == 4718:
    pass
elif x == 4719:
    pass
elif x == 4720:
    pass
elif x == 4721:
    pass
elif x == 4722:
    pass
elif x == 4723:
    pass
elif x == 4724:
    pass
elif x == 4725:
    pass
elif x == 4726:
    pass
elif x == 4727:
    pass
elif x == 4728:
    pass
elif x == 4729:
    pass
elif x == 4730:
    pass
elif x == 4731:
    pass
elif x == 4732:
    pass
elif x == 4733:
    pass
elif x == 4734:
    pass
elif x == 4735:
    pass
elif x == 4736:
    pass
elif x == 4737:
    pass
elif x == 4738:
    pass
elif x == 4739:
    pass
elif x == 4740:
    pass
elif x == 4741:
    pass
elif x == 4742:
    pass
elif x == 4743:
    pass
elif x == 4744:
    pass
elif x == 4745:
    pass
elif x == 4746:
    pass
elif x == 4747:
    pass
elif x == 4748:
    pass
elif x == 4749:
    pass
elif x == 4750:
    pass
elif x == 4751:
    pass
elif x == 4752:
    pass
elif x == 4753:
    pass
elif x == 4754:
    pass
elif x == 4755:
    pass
elif x == 4756:
    pass
elif x == 4757:
    pass
elif x == 4758:
    pass
elif x == 4759:
    pass
elif x == 4760:
    pass
elif x == 4761:
    pass
elif x == 4762:
    pass
elif x == 4763:
    pass
elif x == 4764:
    pass
elif x == 4765:
    pass
elif x == 4766:
    pass
elif x == 4767:
    pass
elif x == 4768:
    pass
elif x == 4769:
    pass
elif x == 4770:
    pass
elif x == 4771:
    pass
elif x == 4772:
    pass
elif x == 4773:
    pass
elif x == 4774:
    pass
elif x == 4775:
    pass
elif x == 4776:
    pass
elif x == 4777:
    pass
elif x == 4778:
    pass
elif x == 4779:
    pass
elif x == 4780:
    pass
elif x == 4781:
    pass
elif x == 4782:
    pass
elif x == 4783:
    pass
elif x == 4784:
    pass
elif x == 4785:
    pass
elif x == 4786:
    pass
elif x == 4787:
    pass
elif x == 4788:
    pass
elif x == 4789:
    pass
elif x == 4790:
    pass
elif x == 4791:
    pass
elif x == 4792:
    pass
elif x == 4793:
    pass
elif x == 4794:
    pass
elif x == 4795:
    pass
elif x == 4796:
    pass
elif x == 4797:
    pass
elif x == 4798:
    pass
elif x == 4799:
    pass
elif x == 4800:
    pass
elif x == 4801:
    pass
elif x == 4802:
    pass
elif x == 4803:
    pass
elif x == 4804:
    pass
elif x == 4805:
    pass
elif x == 4806:
    pass
elif x == 4807:
    pass
elif x == 4808:
    pass
elif x == 4809:
    pass
elif x == 4810:
    pass
elif x == 4811:
    pass
elif x == 4812:
    pass
elif x == 4813:
    pass
elif x == 4814:
    pass
elif x == 4815:
    pass
elif x == 4816:
    pass
elif x == 4817:
    pass
elif x == 4818:
    pass
elif x == 4819:
    pass
elif x == 4820:
    pass
elif x == 4821:
    pass
elif x == 4822:
    pass
elif x == 4823:
    pass
elif x == 4824:
    pass
elif x == 4825:
    pass
elif x == 4826:
    pass
elif x == 4827:
    pass
elif x == 4828:
    pass
elif x == 4829:
    pass
elif x == 4830:
    pass
elif x == 4831:
    pass
elif x == 4832:
    pass
elif x == 4833:
    pass
elif x == 4834:
    pass
elif x == 4835:
    pass
elif x == 4836:
    pass
elif x == 4837:
    pass
elif x == 4838:
    pass
elif x == 4839:
    pass
elif x == 4840:
    pass
elif x == 4841:
    pass
elif x == 4842:
    pass
elif x == 4843:
    pass
elif x == 4844:
    pass
elif x == 4845:
    pass
elif x == 4846:
    pass
elif x == 4847:
    pass
elif x == 4848:
    pass
elif x == 4849:
    pass
elif x == 4850:
    pass
elif x == 4851:
    pass
elif x == 4852:
    pass
elif x == 4853:
    pass
elif x == 4854:
    pass
elif x == 4855:
    pass
elif x == 4856:
    pass
elif x == 4857:
    pass
elif x == 4858:
    pass
elif x == 4859:
    pass
elif x == 4860:
    pass
elif x == 4861:
    pass
elif x == 4862:
    pass
elif x == 4863:
    pass
elif x == 4864:
    pass
elif x == 4865:
    pass
elif x == 4866:
    pass
elif x == 4867:
    pass
elif x == 4868:
    pass
elif x == 4869:
    pass
elif x == 4870:
    pass
elif x == 4871:
    pass
elif x == 4872:
    pass
elif x == 4873:
    pass
elif x == 4874:
    pass
elif x == 4875:
    pass
elif x == 4876:
    pass
elif x == 4877:
    pass
elif x == 4878:
    pass
elif x == 4879:
    pass
elif x == 4880:
    pass
elif x == 4881:
    pass
elif x == 4882:
    pass
elif x == 4883:
    pass
elif x == 4884:
    pass
elif x == 4885:
    pass
elif x == 4886:
    pass
elif x == 4887:
    pass
elif x == 4888:
    pass
elif x == 4889:
    pass
elif x == 4890:
    pass
elif x == 4891:
    pass
elif x == 4892:
    pass
elif x == 4893:
    pass
elif x == 4894:
    pass
elif x == 4895:
    pass
elif x == 4896:
    pass
elif x == 4897:
    pass
elif x == 4898:
    pass
elif x == 4899:
    pass
elif x == 4900:
    pass
elif x == 4901:
    pass
elif x == 4902:
    pass
elif x == 4903:
    pass
elif x == 4904:
    pass
elif x == 4905:
    pass
elif x == 4906:
    pass
elif x == 4907:
    pass
elif x == 4908:
    pass
elif x == 4909:
    pass
elif x == 4910:
    pass
elif x == 4911:
    pass
elif x == 4912:
    pass
elif x == 4913:
    pass
elif x == 4914:
    pass
elif x == 4915:
    pass
elif x == 4916:
    pass
elif x == 4917:
    pass
elif x == 4918:
    pass
elif x == 4919:
    pass
elif x == 4920:
    pass
elif x == 4921:
    pass
elif x == 4922:
    pass
elif x == 4923:
    pass
elif x == 4924:
    pass
elif x == 4925:
    pass
elif x == 4926:
    pass
elif x == 4927:
    pass
elif x == 4928:
    pass
elif x == 4929:
    pass
elif x == 4930:
    pass
elif x == 4931:
    pass
elif x == 4932:
    pass
elif x == 4933:
    pass
elif x == 4934:
    pass
elif x == 4935:
    pass
elif x == 4936:
    pass
elif x == 4937:
    pass
elif x == 4938:
    pass
elif x == 4939:
    pass
elif x == 4940:
    pass
elif x == 4941:
    pass
elif x == 4942:
    pass
elif x == 4943:
    pass
elif x == 4944:
    pass
elif x == 4945:
    pass
elif x == 4946:
    pass
elif x == 4947:
    pass
elif x == 4948:
    pass
elif x == 4949:
    pass
elif x == 4950:
    pass
elif x == 4951:
    pass
elif x == 4952:
    pass
elif x == 4953:
    pass
elif x == 4954:
    pass
elif x == 4955:
    pass
elif x == 4956:
    pass
elif x == 4957:
    pass
elif x == 4958:
    pass
elif x == 4959:
    pass
elif x == 4960:
    pass
elif x == 4961:
    pass
elif x == 4962:
    pass
elif x == 4963:
    pass
elif x == 4964:
    pass
elif x == 4965:
    pass
elif x == 4966:
    pass
elif x == 4967:
    pass
elif x == 4968:
    pass
elif x == 4969:
    pass
elif x == 4970:
    pass
elif x == 4971:
    pass
elif x == 4972:
    pass
elif x == 4973:
    pass
elif x == 4974:
    pass
elif x == 4975:
    pass
elif x == 4976:
    pass
elif x == 4977:
    pass
elif x == 4978:
    pass
elif x == 4979:
    pass
elif x == 4980:
    pass
elif x == 4981:
    pass
elif x == 4982:
    pass
elif x == 4983:
    pass
elif x == 4984:
    pass
elif x == 4985:
    pass
elif x == 4986:
    pass
elif x == 4987:
    pass
elif x == 4988:
    pass
elif x == 4989:
    pass
elif x == 4990:
    pass
elif x == 4991:
    pass
elif x == 4992:
    pass
elif x == 4993:
    pass
elif x == 4994:
    pass
elif x == 4995:
    pass
elif x == 4996:
    pass
elif x == 4997:
    pass
elif x == 4998:
    pass
elif x == 4999:
    pass
elif x == 5000:
    pass
elif x == 5001:
    pass
elif x == 5002:
    pass
elif x == 5003:
    pass
elif x == 5004:
    pass
elif x == 5005:
    pass
elif x == 5006:
    pass
elif x == 5007:
    pass
elif x == 5008:
    pass
elif x == 5009:
    pass
elif x == 5010:
    pass
elif x == 5011:
    pass
elif x == 5012:
    pass
elif x == 5013:
    pass
elif x == 5014:
    pass
elif x == 5015:
    pass
elif x == 5016:
    pass
elif x == 5017:
    pass
elif x == 5018:
    pass
elif x == 5019:
    pass
elif x == 5020:
    pass
elif x == 5021:
    pass
elif x == 5022:
    pass
elif x == 5023:
    pass
elif x == 5024:
    pass
elif x == 5025:
    pass
elif x == 5026:
    pass
elif x == 5027:
    pass
elif x == 5028:
    pass
elif x == 5029:
    pass
elif x == 5030:
    pass
elif x == 5031:
    pass
elif x == 5032:
    pass
elif x == 5033:
    pass
elif x == 5034:
    pass
elif x == 5035:
    pass
elif x == 5036:
    pass
elif x == 5037:
    pass
elif x == 5038:
    pass
elif x == 5039:
    pass
elif x == 5040:
    pass
elif x == 5041:
    pass
elif x == 5042:
    pass
elif x == 5043:
    pass
elif x == 5044:
    pass
elif x == 5045:
    pass
elif x == 5046:
    pass
elif x == 5047:
    pass
elif x == 5048:
    pass
elif x == 5049:
    pass
elif x == 5050:
    pass
elif x == 5051:
    pass
elif x == 5052:
    pass
elif x == 5053:
    pass
elif x == 5054:
    pass
elif x == 5055:
    pass
elif x == 5056:
    pass
elif x == 5057:
    pass
elif x == 5058:
    pass
elif x == 5059:
    pass
elif x == 5060:
    pass
elif x == 5061:
    pass
elif x == 5062:
    pass
elif x == 5063:
    pass
elif x == 5064:
    pass
elif x == 5065:
    pass
elif x == 5066:
    pass
elif x == 5067:
    pass
elif x == 5068:
    pass
elif x == 5069:
    pass
elif x == 5070:
    pass
elif x == 5071:
    pass
elif x == 5072:
    pass
elif x == 5073:
    pass
elif x == 5074:
    pass
elif x == 5075:
    pass
elif x == 5076:
    pass
elif x == 5077:
    pass
elif x == 5078:
    pass
elif x == 5079:
    pass
elif x == 5080:
    pass
elif x == 5081:
    pass
elif x == 5082:
    pass
elif x == 5083:
    pass
elif x == 5084:
    pass
elif x == 5085:
    pass
elif x == 5086:
    pass
elif x == 5087:
    pass
elif x == 5088:
    pass
elif x == 5089:
    pass
elif x == 5090:
    pass
elif x == 5091:
    pass
elif x == 5092:
    pass
elif x == 5093:
    pass
elif x == 5094:
    pass
elif x == 5095:
    pass
elif x == 5096:
    pass
elif x == 5097:
    pass
elif x == 5098:
    pass
elif x == 5099:
    pass
elif x == 5100:
    pass
elif x == 5101:
    pass
elif x == 5102:
    pass
elif x == 5103:
    pass
elif x == 5104:
    pass
elif x == 5105:
    pass
elif x == 5106:
    pass
elif x == 5107:
    pass
elif x == 5108:
    pass
elif x == 5109:
    pass
elif x == 5110:
    pass
elif x == 5111:
    pass
elif x == 5112:
    pass
elif x == 5113:
    pass
elif x == 5114:
    pass
elif x == 5115:
    pass
elif x == 5116:
    pass
elif x == 5117:
    pass
elif x == 5118:
    pass
elif x == 5119:
    pass
elif x == 5120:
    pass
elif x == 5121:
    pass
elif x == 5122:
    pass
elif x == 5123:
    pass
elif x == 5124:
    pass
elif x == 5125:
    pass
elif x == 5126:
    pass
elif x == 5127:
    pass
elif x == 5128:
    pass
elif x == 5129:
    pass
elif x == 5130:
    pass
elif x == 5131:
    pass
elif x == 5132:
    pass
elif x == 5133:
    pass
elif x == 5134:
    pass
elif x == 5135:
    pass
elif x == 5136:
    pass
elif x == 5137:
    pass
elif x == 5138:
    pass
elif x == 5139:
    pass
elif x == 5140:
    pass
elif x == 5141:
    pass
elif x == 5142:
    pass
elif x == 5143:
    pass
elif x == 5144:
    pass
elif x == 5145:
    pass
elif x == 5146:
    pass
elif x == 5147:
    pass
elif x == 5148:
    pass
elif x == 5149:
    pass
elif x == 5150:
    pass
elif x == 5151:
    pass
elif x == 5152:
    pass
elif x == 5153:
    pass
elif x == 5154:
    pass
elif x == 5155:
    pass
elif x == 5156:
    pass
elif x == 5157:
    pass
elif x == 5158:
    pass
elif x == 5159:
    pass
elif x == 5160:
    pass
elif x == 5161:
    pass
elif x == 5162:
    pass
elif x == 5163:
    pass
elif x == 5164:
    pass
elif x == 5165:
    pass
elif x == 5166:
    pass
elif x == 5167:
    pass
elif x == 5168:
    pass
elif x == 5169:
    pass
elif x == 5170:
    pass
elif x == 5171:
    pass
elif x == 5172:
    pass
elif x == 5173:
    pass
elif x == 5174:
    pass
elif x == 5175:
    pass
elif x == 5176:
    pass
elif x == 5177:
    pass
elif x == 5178:
    pass
elif x == 5179:
    pass
elif x == 5180:
    pass
elif x == 5181:
    pass
elif x == 5182:
    pass
elif x == 5183:
    pass
elif x == 5184:
    pass
elif x == 5185:
    pass
elif x == 5186:
    pass
elif x == 5187:
    pass
elif x == 5188:
    pass
elif x == 5189:
    pass
elif x == 5190:
    pass
elif x == 5191:
    pass
elif x == 5192:
    pass
elif x == 5193:
    pass
elif x == 5194:
    pass
elif x == 5195:
    pass
elif x == 5196:
    pass
elif x == 5197:
    pass
elif x == 5198:
    pass
elif x == 5199:
    pass
elif x == 5200:
    pass
elif x == 5201:
    pass
elif x == 5202:
    pass
elif x == 5203:
    pass
elif x == 5204:
    pass
elif x == 5205:
    pass
elif x == 5206:
    pass
elif x == 5207:
    pass
elif x == 5208:
    pass
elif x == 5209:
    pass
elif x == 5210:
    pass
elif x == 5211:
    pass
elif x == 5212:
    pass
elif x == 5213:
    pass
elif x == 5214:
    pass
elif x == 5215:
    pass
elif x == 5216:
    pass
elif x == 5217:
    pass
elif x == 5218:
    pass
elif x == 5219:
    pass
elif x == 5220:
    pass
elif x == 5221:
    pass
elif x == 5222:
    pass
elif x == 5223:
    pass
elif x == 5224:
    pass
elif x == 5225:
    pass
elif x == 5226:
    pass
elif x == 5227:
    pass
elif x == 5228:
    pass
elif x == 5229:
    pass
elif x == 5230:
    pass
elif x == 5231:
    pass
elif x == 5232:
    pass
elif x == 5233:
    pass
elif x == 5234:
    pass
elif x == 5235:
    pass
elif x == 5236:
    pass
elif x == 5237:
    pass
elif x == 5238:
    pass
elif x == 5239:
    pass
elif x == 5240:
    pass
elif x == 5241:
    pass
elif x == 5242:
    pass
elif x == 5243:
    pass
elif x == 5244:
    pass
elif x == 5245:
    pass
elif x == 5246:
    pass
elif x == 5247:
    pass
elif x == 5248:
    pass
elif x == 5249:
    pass
elif x == 5250:
    pass
elif x == 5251:
    pass
elif x == 5252:
    pass
elif x == 5253:
    pass
elif x == 5254:
    pass
elif x == 5255:
    pass
elif x == 5256:
    pass
elif x == 5257:
    pass
elif x == 5258:
    pass
elif x == 5259:
    pass
elif x == 5260:
    pass
elif x == 5261:
    pass
elif x == 5262:
    pass
elif x == 5263:
    pass
elif x == 5264:
    pass
elif x == 5265:
    pass
elif x == 5266:
    pass
elif x == 5267:
    pass
elif x == 5268:
    pass
elif x == 5269:
    pass
elif x == 5270:
    pass
elif x == 5271:
    pass
elif x == 5272:
    pass
elif x == 5273:
    pass
elif x == 5274:
    pass
elif x == 5275:
    pass
elif x == 5276:
    pass
elif x == 5277:
    pass
elif x == 5278:
    pass
elif x == 5279:
    pass
elif x == 5280:
    pass
elif x == 5281:
    pass
elif x == 5282:
    pass
elif x == 5283:
    pass
elif x == 5284:
    pass
elif x == 5285:
    pass
elif x == 5286:
    pass
elif x == 5287:
    pass
elif x == 5288:
    pass
elif x == 5289:
    pass
elif x == 5290:
    pass
elif x == 5291:
    pass
elif x == 5292:
    pass
elif x == 5293:
    pass
elif x == 5294:
    pass
elif x == 5295:
    pass
elif x == 5296:
    pass
elif x == 5297:
    pass
elif x == 5298:
    pass
elif x == 5299:
    pass
elif x == 5300:
    pass
elif x == 5301:
    pass
elif x == 5302:
    pass
elif x == 5303:
    pass
elif x == 5304:
    pass
elif x == 5305:
    pass
elif x == 5306:
    pass
elif x == 5307:
    pass
elif x == 5308:
    pass
elif x == 5309:
    pass
elif x == 5310:
    pass
elif x == 5311:
    pass
elif x == 5312:
    pass
elif x == 5313:
    pass
elif x == 5314:
    pass
elif x == 5315:
    pass
elif x == 5316:
    pass
elif x == 5317:
    pass
elif x == 5318:
    pass
elif x == 5319:
    pass
elif x == 5320:
    pass
elif x == 5321:
    pass
elif x == 5322:
    pass
elif x == 5323:
    pass
elif x == 5324:
    pass
elif x == 5325:
    pass
elif x == 5326:
    pass
elif x == 5327:
    pass
elif x == 5328:
    pass
elif x == 5329:
    pass
elif x == 5330:
    pass
elif x == 5331:
    pass
elif x == 5332:
    pass
elif x == 5333:
    pass
elif x == 5334:
    pass
elif x == 5335:
    pass
elif x == 5336:
    pass
elif x == 5337:
    pass
elif x == 5338:
    pass
elif x == 5339:
    pass
elif x == 5340:
    pass
elif x == 5341:
    pass
elif x == 5342:
    pass
elif x == 5343:
    pass
elif x == 5344:
    pass
elif x == 5345:
    pass
elif x == 5346:
    pass
elif x == 5347:
    pass
elif x == 5348:
    pass
elif x == 5349:
    pass
elif x == 5350:
    pass
elif x == 5351:
    pass
elif x == 5352:
    pass
elif x == 5353:
    pass
elif x == 5354:
    pass
elif x == 5355:
    pass
elif x == 5356:
    pass
elif x == 5357:
    pass
elif x == 5358:
    pass
elif x == 5359:
    pass
elif x == 5360:
    pass
elif x == 5361:
    pass
elif x == 5362:
    pass
elif x == 5363:
    pass
elif x == 5364:
    pass
elif x == 5365:
    pass
elif x == 5366:
    pass
elif x == 5367:
    pass
elif x == 5368:
    pass
elif x == 5369:
    pass
elif x == 5370:
    pass
elif x == 5371:
    pass
elif x == 5372:
    pass
elif x == 5373:
    pass
elif x == 5374:
    pass
elif x == 5375:
    pass
elif x == 5376:
    pass
elif x == 5377:
    pass
elif x == 5378:
    pass
elif x == 5379:
    pass
elif x == 5380:
    pass
elif x == 5381:
    pass
elif x == 5382:
    pass
elif x == 5383:
    pass
elif x == 5384:
    pass
elif x == 5385:
    pass
elif x == 5386:
    pass
elif x == 5387:
    pass
elif x == 5388:
    pass
elif x == 5389:
    pass
elif x == 5390:
    pass
elif x == 5391:
    pass
elif x == 5392:
    pass
elif x == 5393:
    pass
elif x == 5394:
    pass
elif x == 5395:
    pass
elif x == 5396:
    pass
elif x == 5397:
    pass
elif x == 5398:
    pass
elif x == 5399:
    pass
elif x == 5400:
    pass
elif x == 5401:
    pass
elif x == 5402:
    pass
elif x == 5403:
    pass
elif x == 5404:
    pass
elif x == 5405:
    pass
elif x == 5406:
    pass
elif x == 5407:
    pass
elif x == 5408:
    pass
elif x == 5409:
    pass
elif x == 5410:
    pass
elif x == 5411:
    pass
elif x == 5412:
    pass
elif x == 5413:
    pass
elif x == 5414:
    pass
elif x == 5415:
    pass
elif x == 5416:
    pass
elif x == 5417:
    pass
elif x == 5418:
    pass
elif x == 5419:
    pass
elif x == 5420:
    pass
elif x == 5421:
    pass
elif x == 5422:
    pass
elif x == 5423:
    pass
elif x == 5424:
    pass
elif x == 5425:
    pass
elif x == 5426:
    pass
elif x == 5427:
    pass
elif x == 5428:
    pass
elif x == 5429:
    pass
elif x == 5430:
    pass
elif x == 5431:
    pass
elif x == 5432:
    pass
elif x == 5433:
    pass
elif x == 5434:
    pass
elif x == 5435:
    pass
elif x == 5436:
    pass
elif x == 5437:
    pass
elif x == 5438:
    pass
elif x == 5439:
    pass
elif x == 5440:
    pass
elif x == 5441:
    pass
elif x == 5442:
    pass
elif x == 5443:
    pass
elif x == 5444:
    pass
elif x == 5445:
    pass
elif x == 5446:
    pass
elif x == 5447:
    pass
elif x == 5448:
    pass
elif x == 5449:
    pass
elif x == 5450:
    pass
elif x == 5451:
    pass
elif x == 5452:
    pass
elif x == 5453:
    pass
elif x == 5454:
    pass
elif x == 5455:
    pass
elif x == 5456:
    pass
elif x == 5457:
    pass
elif x == 5458:
    pass
elif x == 5459:
    pass
elif x == 5460:
    pass
elif x == 5461:
    pass
elif x == 5462:
    pass
elif x == 5463:
    pass
elif x == 5464:
    pass
elif x == 5465:
    pass
elif x == 5466:
    pass
elif x == 5467:
    pass
elif x == 5468:
    pass
elif x == 5469:
    pass
elif x == 5470:
    pass
elif x == 5471:
    pass
elif x == 5472:
    pass
elif x == 5473:
    pass
elif x == 5474:
    pass
elif x == 5475:
    pass
elif x == 5476:
    pass
elif x == 5477:
    pass
elif x == 5478:
    pass
elif x == 5479:
    pass
elif x == 5480:
    pass
elif x == 5481:
    pass
elif x == 5482:
    pass
elif x == 5483:
    pass
elif x == 5484:
    pass
elif x == 5485:
    pass
elif x == 5486:
    pass
elif x == 5487:
    pass
elif x == 5488:
    pass
elif x == 5489:
    pass
elif x == 5490:
    pass
elif x == 5491:
    pass
elif x == 5492:
    pass
elif x == 5493:
    pass
elif x == 5494:
    pass
elif x == 5495:
    pass
elif x == 5496:
    pass
elif x == 5497:
    pass
elif x == 5498:
    pass
elif x == 5499:
    pass
elif x == 5500:
    pass
elif x == 5501:
    pass
elif x == 5502:
    pass
elif x == 5503:
    pass
elif x == 5504:
    pass
elif x == 5505:
    pass
elif x == 5506:
    pass
elif x == 5507:
    pass
elif x == 5508:
    pass
elif x == 5509:
    pass
elif x == 5510:
    pass
elif x == 5511:
    pass
elif x == 5512:
    pass
elif x == 5513:
    pass
elif x == 5514:
    pass
elif x == 5515:
    pass
elif x == 5516:
    pass
elif x == 5517:
    pass
elif x == 5518:
    pass
elif x == 5519:
    pass
elif x == 5520:
    pass
elif x == 5521:
    pass
elif x == 5522:
    pass
elif x == 5523:
    pass
elif x == 5524:
    pass
elif x == 5525:
    pass
elif x == 5526:
    pass
elif x == 5527:
    pass
elif x == 5528:
    pass
elif x == 5529:
    pass
elif x == 5530:
    pass
elif x == 5531:
    pass
elif x == 5532:
    pass
elif x == 5533:
    pass
elif x == 5534:
    pass
elif x == 5535:
    pass
elif x == 5536:
    pass
elif x == 5537:
    pass
elif x == 5538:
    pass
elif x == 5539:
    pass
elif x == 5540:
    pass
elif x == 5541:
    pass
elif x == 5542:
    pass
elif x == 5543:
    pass
elif x == 5544:
    pass
elif x == 5545:
    pass
elif x == 5546:
    pass
elif x == 5547:
    pass
elif x == 5548:
    pass
elif x == 5549:
    pass
elif x == 5550:
    pass
elif x == 5551:
    pass
elif x == 5552:
    pass
elif x == 5553:
    pass
elif x == 5554:
    pass
elif x == 5555:
    pass
elif x == 5556:
    pass
elif x == 5557:
    pass
elif x == 5558:
    pass
elif x == 5559:
    pass
elif x == 5560:
    pass
elif x == 5561:
    pass
elif x == 5562:
    pass
elif x == 5563:
    pass
elif x == 5564:
    pass
elif x == 5565:
    pass
elif x == 5566:
    pass
elif x == 5567:
    pass
elif x == 5568:
    pass
elif x == 5569:
    pass
elif x == 5570:
    pass
elif x == 5571:
    pass
elif x == 5572:
    pass
elif x == 5573:
    pass
elif x == 5574:
    pass
elif x == 5575:
    pass
elif x == 5576:
    pass
elif x == 5577:
    pass
elif x == 5578:
    pass
elif x == 5579:
    pass
elif x == 5580:
    pass
elif x == 5581:
    pass
elif x == 5582:
    pass
elif x == 5583:
    pass
elif x == 5584:
    pass
elif x == 5585:
    pass
elif x == 5586:
    pass
elif x == 5587:
    pass
elif x == 5588:
    pass
elif x == 5589:
    pass
elif x == 5590:
    pass
elif x == 5591:
    pass
elif x == 5592:
    pass
elif x == 5593:
    pass
elif x == 5594:
    pass
elif x == 5595:
    pass
elif x == 5596:
    pass
elif x == 5597:
    pass
elif x == 5598:
    pass
elif x == 5599:
    pass
elif x == 5600:
    pass
elif x == 5601:
    pass
elif x == 5602:
    pass
elif x == 5603:
    pass
elif x == 5604:
    pass
elif x == 5605:
    pass
elif x == 5606:
    pass
elif x == 5607:
    pass
elif x == 5608:
    pass
elif x == 5609:
    pass
elif x == 5610:
    pass
elif x == 5611:
    pass
elif x == 5612:
    pass
elif x == 5613:
    pass
elif x == 5614:
    pass
elif x == 5615:
    pass
elif x == 5616:
    pass
elif x == 5617:
    pass
elif x == 5618:
    pass
elif x == 5619:
    pass
elif x == 5620:
    pass
elif x == 5621:
    pass
elif x == 5622:
    pass
elif x == 5623:
    pass
elif x == 5624:
    pass
elif x == 5625:
    pass
elif x == 5626:
    pass
elif x == 5627:
    pass
elif x == 5628:
    pass
elif x == 5629:
    pass
elif x == 5630:
    pass
elif x == 5631:
    pass
elif x == 5632:
    pass
elif x == 5633:
    pass
elif x == 5634:
    pass
elif x == 5635:
    pass
elif x == 5636:
    pass
elif x == 5637:
    pass
elif x == 5638:
    pass
elif x == 5639:
    pass
elif x == 5640:
    pass
elif x == 5641:
    pass
elif x == 5642:
    pass
elif x == 5643:
    pass
elif x == 5644:
    pass
elif x == 5645:
    pass
elif x == 5646:
    pass
elif x == 5647:
    pass
elif x == 5648:
    pass
elif x == 5649:
    pass
elif x == 5650:
    pass
elif x == 5651:
    pass
elif x == 5652:
    pass
elif x == 5653:
    pass
elif x == 5654:
    pass
elif x == 5655:
    pass
elif x == 5656:
    pass
elif x == 5657:
    pass
elif x == 5658:
    pass
elif x == 5659:
    pass
elif x == 5660:
    pass
elif x == 5661:
    pass
elif x == 5662:
    pass
elif x == 5663:
    pass
elif x == 5664:
    pass
elif x == 5665:
    pass
elif x == 5666:
    pass
elif x == 5667:
    pass
elif x == 5668:
    pass
elif x == 5669:
    pass
elif x == 5670:
    pass
elif x == 5671:
    pass
elif x == 5672:
    pass
elif x == 5673:
    pass
elif x == 5674:
    pass
elif x == 5675:
    pass
elif x == 5676:
    pass
elif x == 5677:
    pass
elif x == 5678:
    pass
elif x == 5679:
    pass
elif x == 5680:
    pass
elif x == 5681:
    pass
elif x == 5682:
    pass
elif x == 5683:
    pass
elif x == 5684:
    pass
elif x == 5685:
    pass
elif x == 5686:
    pass
elif x == 5687:
    pass
elif x == 5688:
    pass
elif x == 5689:
    pass
elif x == 5690:
    pass
elif x == 5691:
    pass
elif x == 5692:
    pass
elif x == 5693:
    pass
elif x == 5694:
    pass
elif x == 5695:
    pass
elif x == 5696:
    pass
elif x == 5697:
    pass
elif x == 5698:
    pass
elif x == 5699:
    pass
elif x == 5700:
    pass
elif x == 5701:
    pass
elif x == 5702:
    pass
elif x == 5703:
    pass
elif x == 5704:
    pass
elif x == 5705:
    pass
elif x == 5706:
    pass
elif x == 5707:
    pass
elif x == 5708:
    pass
elif x == 5709:
    pass
elif x == 5710:
    pass
elif x == 5711:
    pass
elif x == 5712:
    pass
elif x == 5713:
    pass
elif x == 5714:
    pass
elif x == 5715:
    pass
elif x == 5716:
    pass
elif x == 5717:
    pass
elif x == 5718:
    pass
elif x == 5719:
    pass
elif x == 5720:
    pass
elif x == 5721:
    pass
elif x == 5722:
    pass
elif x == 5723:
    pass
elif x == 5724:
    pass
elif x == 5725:
    pass
elif x == 5726:
    pass
elif x == 5727:
    pass
elif x == 5728:
    pass
elif x == 5729:
    pass
elif x == 5730:
    pass
elif x == 5731:
    pass
elif x == 5732:
    pass
elif x == 5733:
    pass
elif x == 5734:
    pass
elif x == 5735:
    pass
elif x == 5736:
    pass
elif x == 5737:
    pass
elif x == 5738:
    pass
elif x == 5739:
    pass
elif x == 5740:
    pass
elif x == 5741:
    pass
elif x == 5742:
    pass
elif x == 5743:
    pass
elif x == 5744:
    pass
elif x == 5745:
    pass
elif x == 5746:
    pass
elif x == 5747:
    pass
elif x == 5748:
    pass
elif x == 5749:
    pass
elif x == 5750:
    pass
elif x == 5751:
    pass
elif x == 5752:
    pass
elif x == 5753:
    pass
elif x == 5754:
    pass
elif x == 5755:
    pass
elif x == 5756:
    pass
elif x == 5757:
    pass
elif x == 5758:
    pass
elif x == 5759:
    pass
elif x == 5760:
    pass
elif x == 5761:
    pass
elif x == 5762:
    pass
elif x == 5763:
    pass
elif x == 5764:
    pass
elif x == 5765:
    pass
elif x == 5766:
    pass
elif x == 5767:
    pass
elif x == 5768:
    pass
elif x == 5769:
    pass
elif x == 5770:
    pass
elif x == 5771:
    pass
elif x == 5772:
    pass
elif x == 5773:
    pass
elif x == 5774:
    pass
elif x == 5775:
    pass
elif x == 5776:
    pass
elif x == 5777:
    pass
elif x == 5778:
    pass
elif x == 5779:
    pass
elif x == 5780:
    pass
elif x == 5781:
    pass
elif x == 5782:
    pass
elif x == 5783:
    pass
elif x == 5784:
    pass
elif x == 5785:
    pass
elif x == 5786:
    pass
elif x == 5787:
    pass
elif x == 5788:
    pass
elif x == 5789:
    pass
elif x == 5790:
    pass
elif x == 5791:
    pass
elif x == 5792:
    pass
elif x == 5793:
    pass
elif x == 5794:
    pass
elif x == 5795:
    pass
elif x == 5796:
    pass
elif x == 5797:
    pass
elif x == 5798:
    pass
elif x == 5799:
    pass
elif x == 5800:
    pass
elif x == 5801:
    pass
elif x == 5802:
    pass
elif x == 5803:
    pass
elif x == 5804:
    pass
elif x == 5805:
    pass
elif x == 5806:
    pass
elif x == 5807:
    pass
elif x == 5808:
    pass
elif x == 5809:
    pass
elif x == 5810:
    pass
elif x == 5811:
    pass
elif x == 5812:
    pass
elif x == 5813:
    pass
elif x == 5814:
    pass
elif x == 5815:
    pass
elif x == 5816:
    pass
elif x == 5817:
    pass
elif x == 5818:
    pass
elif x == 5819:
    pass
elif x == 5820:
    pass
elif x == 5821:
    pass
elif x == 5822:
    pass
elif x == 5823:
    pass
elif x == 5824:
    pass
elif x == 5825:
    pass
elif x == 5826:
    pass
elif x == 5827:
    pass
elif x == 5828:
    pass
elif x == 5829:
    pass
elif x == 5830:
    pass
elif x == 5831:
    pass
elif x == 5832:
    pass
elif x == 5833:
    pass
elif x == 5834:
    pass
elif x == 5835:
    pass
elif x == 5836:
    pass
elif x == 5837:
    pass
elif x == 5838:
    pass
elif x == 5839:
    pass
elif x == 5840:
    pass
elif x == 5841:
    pass
elif x == 5842:
    pass
elif x == 5843:
    pass
elif x == 5844:
    pass
elif x == 5845:
    pass
elif x == 5846:
    pass
elif x == 5847:
    pass
elif x == 5848:
    pass
elif x == 5849:
    pass
elif x == 5850:
    pass
elif x == 5851:
    pass
elif x == 5852:
    pass
elif x == 5853:
    pass
elif x == 5854:
    pass
elif x == 5855:
    pass
elif x == 5856:
    pass
elif x == 5857:
    pass
elif x == 5858:
    pass
elif x == 5859:
    pass
elif x == 5860:
    pass
elif x == 5861:
    pass
elif x == 5862:
    pass
elif x == 5863:
    pass
elif x == 5864:
    pass
elif x == 5865:
    pass
elif x == 5866:
    pass
elif x == 5867:
    pass
elif x == 5868:
    pass
elif x == 5869:
    pass
elif x == 5870:
    pass
elif x == 5871:
    pass
elif x == 5872:
    pass
elif x == 5873:
    pass
elif x == 5874:
    pass
elif x == 5875:
    pass
elif x == 5876:
    pass
elif x == 5877:
    pass
elif x == 5878:
    pass
elif x == 5879:
    pass
elif x == 5880:
    pass
elif x == 5881:
    pass
elif x == 5882:
    pass
elif x == 5883:
    pass
elif x == 5884:
    pass
elif x == 5885:
    pass
elif x == 5886:
    pass
elif x == 5887:
    pass
elif x == 5888:
    pass
elif x == 5889:
    pass
elif x == 5890:
    pass
elif x == 5891:
    pass
elif x == 5892:
    pass
elif x == 5893:
    pass
elif x == 5894:
    pass
elif x == 5895:
    pass
elif x == 5896:
    pass
elif x == 5897:
    pass
elif x == 5898:
    pass
elif x == 5899:
    pass
elif x == 5900:
    pass
elif x == 5901:
    pass
elif x == 5902:
    pass
elif x == 5903:
    pass
elif x == 5904:
    pass
elif x == 5905:
    pass
elif x == 5906:
    pass
elif x == 5907:
    pass
elif x == 5908:
    pass
elif x == 5909:
    pass
elif x == 5910:
    pass
elif x == 5911:
    pass
elif x == 5912:
    pass
elif x == 5913:
    pass
elif x == 5914:
    pass
elif x == 5915:
    pass
elif x == 5916:
    pass
elif x == 5917:
    pass
elif x == 5918:
    pass
elif x == 5919:
    pass
elif x == 5920:
    pass
elif x == 5921:
    pass
elif x == 5922:
    pass
elif x == 5923:
    pass
elif x == 5924:
    pass
elif x == 5925:
    pass
elif x == 5926:
    pass
elif x == 5927:
    pass
elif x == 5928:
    pass
elif x == 5929:
    pass
elif x == 5930:
    pass
elif x == 5931:
    pass
elif x == 5932:
    pass
elif x == 5933:
    pass
elif x == 5934:
    pass
elif x == 5935:
    pass
elif x == 5936:
    pass
elif x == 5937:
    pass
elif x == 5938:
    pass
elif x == 5939:
    pass
elif x == 5940:
    pass
elif x == 5941:
    pass
elif x == 5942:
    pass
elif x == 5943:
    pass
elif x == 5944:
    pass
elif x == 5945:
    pass
elif x == 5946:
    pass
elif x == 5947:
    pass
elif x == 5948:
    pass
elif x == 5949:
    pass
elif x == 5950:
    pass
elif x == 5951:
    pass
elif x == 5952:
    pass
elif x == 5953:
    pass
elif x == 5954:
    pass
elif x == 5955:
    pass
elif x == 5956:
    pass
elif x == 5957:
    pass
elif x == 5958:
    pass
elif x == 5959:
    pass
elif x == 5960:
    pass
elif x == 5961:
    pass
elif x == 5962:
    pass
elif x == 5963:
    pass
elif x == 5964:
    pass
elif x == 5965:
    pass
elif x == 5966:
    pass
elif x == 5967:
    pass
elif x == 5968:
    pass
elif x == 5969:
    pass
elif x == 5970:
    pass
elif x == 5971:
    pass
elif x == 5972:
    pass
elif x == 5973:
    pass
elif x == 5974:
    pass
elif x == 5975:
    pass
elif x == 5976:
    pass
elif x == 5977:
    pass
elif x == 5978:
    pass
elif x == 5979:
    pass
elif x == 5980:
    pass
elif x == 5981:
    pass
elif x == 5982:
    pass
elif x == 5983:
    pass
elif x == 5984:
    pass
elif x == 5985:
    pass
elif x == 5986:
    pass
elif x == 5987:
    pass
elif x == 5988:
    pass
elif x == 5989:
    pass
elif x == 5990:
    pass
elif x == 5991:
    pass
elif x == 5992:
    pass
elif x == 5993:
    pass
elif x == 5994:
    pass
elif x == 5995:
    pass
elif x == 5996:
    pass
elif x == 5997:
    pass
elif x == 5998:
    pass
elif x == 5999:
    pass
elif x == 6000:
    pass
elif x == 6001:
    pass
elif x == 6002:
    pass
elif x == 6003:
    pass
elif x == 6004:
    pass
elif x == 6005:
    pass
elif x == 6006:
    pass
elif x == 6007:
    pass
elif x == 6008:
    pass
elif x == 6009:
    pass
elif x == 6010:
    pass
elif x == 6011:
    pass
elif x == 6012:
    pass
elif x == 6013:
    pass
elif x == 6014:
    pass
elif x == 6015:
    pass
elif x == 6016:
    pass
elif x == 6017:
    pass
elif x == 6018:
    pass
elif x == 6019:
    pass
elif x == 6020:
    pass
elif x == 6021:
    pass
elif x == 6022:
    pass
elif x == 6023:
    pass
elif x == 6024:
    pass
elif x == 6025:
    pass
elif x == 6026:
    pass
elif x == 6027:
    pass
elif x == 6028:
    pass
elif x == 6029:
    pass
elif x == 6030:
    pass
elif x == 6031:
    pass
elif x == 6032:
    pass
elif x == 6033:
    pass
elif x == 6034:
    pass
elif x == 6035:
    pass
elif x == 6036:
    pass
elif x == 6037:
    pass
elif x == 6038:
    pass
elif x == 6039:
    pass
elif x == 6040:
    pass
elif x == 6041:
    pass
elif x == 6042:
    pass
elif x == 6043:
    pass
elif x == 6044:
    pass
elif x == 6045:
    pass
elif x == 6046:
    pass
elif x == 6047:
    pass
elif x == 6048:
    pass
elif x == 6049:
    pass
elif x == 6050:
    pass
elif x == 6051:
    pass
elif x == 6052:
    pass
elif x == 6053:
    pass
elif x == 6054:
    pass
elif x == 6055:
    pass
elif x == 6056:
    pass
elif x == 6057:
    pass
elif x == 6058:
    pass
elif x == 6059:
    pass
elif x == 6060:
    pass
elif x == 6061:
    pass
elif x == 6062:
    pass
elif x == 6063:
    pass
elif x == 6064:
    pass
elif x == 6065:
    pass
elif x == 6066:
    pass
elif x == 6067:
    pass
elif x == 6068:
    pass
elif x == 6069:
    pass
elif x == 6070:
    pass
elif x == 6071:
    pass
elif x == 6072:
    pass
elif x == 6073:
    pass
elif x == 6074:
    pass
elif x == 6075:
    pass
elif x == 6076:
    pass
elif x == 6077:
    pass
elif x == 6078:
    pass
elif x == 6079:
    pass
elif x == 6080:
    pass
elif x == 6081:
    pass
elif x == 6082:
    pass
elif x == 6083:
    pass
elif x == 6084:
    pass
elif x == 6085:
    pass
elif x == 6086:
    pass
elif x == 6087:
    pass
elif x == 6088:
    pass
elif x == 6089:
    pass
elif x == 6090:
    pass
elif x == 6091:
    pass
elif x == 6092:
    pass
elif x == 6093:
    pass
elif x == 6094:
    pass
elif x == 6095:
    pass
elif x == 6096:
    pass
elif x == 6097:
    pass
elif x == 6098:
    pass
elif x == 6099:
    pass
elif x == 6100:
    pass
elif x == 6101:
    pass
elif x == 6102:
    pass
elif x == 6103:
    pass
elif x == 6104:
    pass
elif x == 6105:
    pass
elif x == 6106:
    pass
elif x == 6107:
    pass
elif x == 6108:
    pass
elif x == 6109:
    pass
elif x == 6110:
    pass
elif x == 6111:
    pass
elif x == 6112:
    pass
elif x == 6113:
    pass
elif x == 6114:
    pass
elif x == 6115:
    pass
elif x == 6116:
    pass
elif x == 6117:
    pass
elif x == 6118:
    pass
elif x == 6119:
    pass
elif x == 6120:
    pass
elif x == 6121:
    pass
elif x == 6122:
    pass
elif x == 6123:
    pass
elif x == 6124:
    pass
elif x == 6125:
    pass
elif x == 6126:
    pass
elif x == 6127:
    pass
elif x == 6128:
    pass
elif x == 6129:
    pass
elif x == 6130:
    pass
elif x == 6131:
    pass
elif x == 6132:
    pass
elif x == 6133:
    pass
elif x == 6134:
    pass
elif x == 6135:
    pass
elif x == 6136:
    pass
elif x == 6137:
    pass
elif x == 6138:
    pass
elif x == 6139:
    pass
elif x == 6140:
    pass
elif x == 6141:
    pass
elif x == 6142:
    pass
elif x == 6143:
    pass
elif x == 6144:
    pass
elif x == 6145:
    pass
elif x == 6146:
    pass
elif x == 6147:
    pass
elif x == 6148:
    pass
elif x == 6149:
    pass
elif x == 6150:
    pass
elif x == 6151:
    pass
elif x == 6152:
    pass
elif x == 6153:
    pass
elif x == 6154:
    pass
elif x == 6155:
    pass
elif x == 6156:
    pass
elif x == 6157:
    pass
elif x == 6158:
    pass
elif x == 6159:
    pass
elif x == 6160:
    pass
elif x == 6161:
    pass
elif x == 6162:
    pass
elif x == 6163:
    pass
elif x == 6164:
    pass
elif x == 6165:
    pass
elif x == 6166:
    pass
elif x == 6167:
    pass
elif x == 6168:
    pass
elif x == 6169:
    pass
elif x == 6170:
    pass
elif x == 6171:
    pass
elif x == 6172:
    pass
elif x == 6173:
    pass
elif x == 6174:
    pass
elif x == 6175:
    pass
elif x == 6176:
    pass
elif x == 6177:
    pass
elif x == 6178:
    pass
elif x == 6179:
    pass
elif x == 6180:
    pass
elif x == 6181:
    pass
elif x == 6182:
    pass
elif x == 6183:
    pass
elif x == 6184:
    pass
elif x == 6185:
    pass
elif x == 6186:
    pass
elif x == 6187:
    pass
elif x == 6188:
    pass
elif x == 6189:
    pass
elif x == 6190:
    pass
elif x == 6191:
    pass
elif x == 6192:
    pass
elif x == 6193:
    pass
elif x == 6194:
    pass
elif x == 6195:
    pass
elif x == 6196:
    pass
elif x == 6197:
    pass
elif x == 6198:
    pass
elif x == 6199:
    pass
elif x == 6200:
    pass
elif x == 6201:
    pass
elif x == 6202:
    pass
elif x == 6203:
    pass
elif x == 6204:
    pass
elif x == 6205:
    pass
elif x == 6206:
    pass
elif x == 6207:
    pass
elif x == 6208:
    pass
elif x == 6209:
    pass
elif x == 6210:
    pass
elif x == 6211:
    pass
elif x == 6212:
    pass
elif x == 6213:
    pass
elif x == 6214:
    pass
elif x == 6215:
    pass
elif x == 6216:
    pass
elif x == 6217:
    pass
elif x == 6218:
    pass
elif x == 6219:
    pass
elif x == 6220:
    pass
elif x == 6221:
    pass
elif x == 6222:
    pass
elif x == 6223:
    pass
elif x == 6224:
    pass
elif x == 6225:
    pass
elif x == 6226:
    pass
elif x == 6227:
    pass
elif x == 6228:
    pass
elif x == 6229:
    pass
elif x == 6230:
    pass
elif x == 6231:
    pass
elif x == 6232:
    pass
elif x == 6233:
    pass
elif x == 6234:
    pass
elif x == 6235:
    pass
elif x == 6236:
    pass
elif x == 6237:
    pass
elif x == 6238:
    pass
elif x == 6239:
    pass
elif x == 6240:
    pass
elif x == 6241:
    pass
elif x == 6242:
    pass
elif x == 6243:
    pass
elif x == 6244:
    pass
elif x == 6245:
    pass
elif x == 6246:
    pass
elif x == 6247:
    pass
elif x == 6248:
    pass
elif x == 6249:
    pass
elif x == 6250:
    pass
elif x == 6251:
    pass
elif x == 6252:
    pass
elif x == 6253:
    pass
elif x == 6254:
    pass
elif x == 6255:
    pass
elif x == 6256:
    pass
elif x == 6257:
    pass
elif x == 6258:
    pass
elif x == 6259:
    pass
elif x == 6260:
    pass
elif x == 6261:
    pass
elif x == 6262:
    pass
elif x == 6263:
    pass
elif x == 6264:
    pass
elif x == 6265:
    pass
elif x == 6266:
    pass
elif x == 6267:
    pass
elif x == 6268:
    pass
elif x == 6269:
    pass
elif x == 6270:
    pass
elif x == 6271:
    pass
elif x == 6272:
    pass
elif x == 6273:
    pass
elif x == 6274:
    pass
elif x == 6275:
    pass
elif x == 6276:
    pass
elif x == 6277:
    pass
elif x == 6278:
    pass
elif x == 6279:
    pass
elif x == 6280:
    pass
elif x == 6281:
    pass
elif x == 6282:
    pass
elif x == 6283:
    pass
elif x == 6284:
    pass
elif x == 6285:
    pass
elif x == 6286:
    pass
elif x == 6287:
    pass
elif x == 6288:
    pass
elif x == 6289:
    pass
elif x == 6290:
    pass
elif x == 6291:
    pass
elif x == 6292:
    pass
elif x == 6293:
    pass
elif x == 6294:
    pass
elif x == 6295:
    pass
elif x == 6296:
    pass
elif x == 6297:
    pass
elif x == 6298:
    pass
elif x == 6299:
    pass
elif x == 6300:
    pass
elif x == 6301:
    pass
elif x == 6302:
    pass
elif x == 6303:
    pass
elif x == 6304:
    pass
elif x == 6305:
    pass
elif x == 6306:
    pass
elif x == 6307:
    pass
elif x == 6308:
    pass
elif x == 6309:
    pass
elif x == 6310:
    pass
elif x == 6311:
    pass
elif x == 6312:
    pass
elif x == 6313:
    pass
elif x == 6314:
    pass
elif x == 6315:
    pass
elif x == 6316:
    pass
elif x == 6317:
    pass
elif x == 6318:
    pass
elif x == 6319:
    pass
elif x == 6320:
    pass
elif x == 6321:
    pass
elif x == 6322:
    pass
elif x == 6323:
    pass
elif x == 6324:
    pass
elif x == 6325:
    pass
elif x == 6326:
    pass
elif x == 6327:
    pass
elif x == 6328:
    pass
elif x == 6329:
    pass
elif x == 6330:
    pass
elif x == 6331:
    pass
elif x == 6332:
    pass
elif x == 6333:
    pass
elif x == 6334:
    pass
elif x == 6335:
    pass
elif x == 6336:
    pass
elif x == 6337:
    pass
elif x == 6338:
    pass
elif x == 6339:
    pass
elif x == 6340:
    pass
elif x == 6341:
    pass
elif x == 6342:
    pass
elif x == 6343:
    pass
elif x == 6344:
    pass
elif x == 6345:
    pass
elif x == 6346:
    pass
elif x == 6347:
    pass
elif x == 6348:
    pass
elif x == 6349:
    pass
elif x == 6350:
    pass
elif x == 6351:
    pass
elif x == 6352:
    pass
elif x == 6353:
    pass
elif x == 6354:
    pass
elif x == 6355:
    pass
elif x == 6356:
    pass
elif x == 6357:
    pass
elif x == 6358:
    pass
elif x == 6359:
    pass
elif x == 6360:
    pass
elif x == 6361:
    pass
elif x == 6362:
    pass
elif x == 6363:
    pass
elif x == 6364:
    pass
elif x == 6365:
    pass
elif x == 6366:
    pass
elif x == 6367:
    pass
elif x == 6368:
    pass
elif x == 6369:
    pass
elif x == 6370:
    pass
elif x == 6371:
    pass
elif x == 6372:
    pass
elif x == 6373:
    pass
elif x == 6374:
    pass
elif x == 6375:
    pass
elif x == 6376:
    pass
elif x == 6377:
    pass
elif x == 6378:
    pass
elif x == 6379:
    pass
elif x == 6380:
    pass
elif x == 6381:
    pass
elif x == 6382:
    pass
elif x == 6383:
    pass
elif x == 6384:
    pass
elif x == 6385:
    pass
elif x == 6386:
    pass
elif x == 6387:
    pass
elif x == 6388:
    pass
elif x == 6389:
    pass
elif x == 6390:
    pass
elif x == 6391:
    pass
elif x == 6392:
    pass
elif x == 6393:
    pass
elif x == 6394:
    pass
elif x == 6395:
    pass
elif x == 6396:
    pass
elif x == 6397:
    pass
elif x == 6398:
    pass
elif x == 6399:
    pass
elif x == 6400:
    pass
elif x == 6401:
    pass
elif x == 6402:
    pass
elif x == 6403:
    pass
elif x == 6404:
    pass
elif x == 6405:
    pass
elif x == 6406:
    pass
elif x == 6407:
    pass
elif x == 6408:
    pass
elif x == 6409:
    pass
elif x == 6410:
    pass
elif x == 6411:
    pass
elif x == 6412:
    pass
elif x == 6413:
    pass
elif x == 6414:
    pass
elif x == 6415:
    pass
elif x == 6416:
    pass
elif x == 6417:
    pass
elif x == 6418:
    pass
elif x == 6419:
    pass
elif x == 6420:
    pass
elif x == 6421:
    pass
elif x == 6422:
    pass
elif x == 6423:
    pass
elif x == 6424:
    pass
elif x == 6425:
    pass
elif x == 6426:
    pass
elif x == 6427:
    pass
elif x == 6428:
    pass
elif x == 6429:
    pass
elif x == 6430:
    pass
elif x == 6431:
    pass
elif x == 6432:
    pass
elif x == 6433:
    pass
elif x == 6434:
    pass
elif x == 6435:
    pass
elif x == 6436:
    pass
elif x == 6437:
    pass
elif x == 6438:
    pass
elif x == 6439:
    pass
elif x == 6440:
    pass
elif x == 6441:
    pass
elif x == 6442:
    pass
elif x == 6443:
    pass
elif x == 6444:
    pass
elif x == 6445:
    pass
elif x == 6446:
    pass
elif x == 6447:
    pass
elif x == 6448:
    pass
elif x == 6449:
    pass
elif x == 6450:
    pass
elif x == 6451:
    pass
elif x == 6452:
    pass
elif x == 6453:
    pass
elif x == 6454:
    pass
elif x == 6455:
    pass
elif x == 6456:
    pass
elif x == 6457:
    pass
elif x == 6458:
    pass
elif x == 6459:
    pass
elif x == 6460:
    pass
elif x == 6461:
    pass
elif x == 6462:
    pass
elif x == 6463:
    pass
elif x == 6464:
    pass
elif x == 6465:
    pass
elif x == 6466:
    pass
elif x == 6467:
    pass
elif x == 6468:
    pass
elif x == 6469:
    pass
elif x == 6470:
    pass
elif x == 6471:
    pass
elif x == 6472:
    pass
elif x == 6473:
    pass
elif x == 6474:
    pass
elif x == 6475:
    pass
elif x == 6476:
    pass
elif x == 6477:
    pass
elif x == 6478:
    pass
elif x == 6479:
    pass
elif x == 6480:
    pass
elif x == 6481:
    pass
elif x == 6482:
    pass
elif x == 6483:
    pass
elif x == 6484:
    pass
elif x == 6485:
    pass
elif x == 6486:
    pass
elif x == 6487:
    pass
elif x == 6488:
    pass
elif x == 6489:
    pass
elif x == 6490:
    pass
elif x == 6491:
    pass
elif x == 6492:
    pass
elif x == 6493:
    pass
elif x == 6494:
    pass
elif x == 6495:
    pass
elif x == 6496:
    pass
elif x == 6497:
    pass
elif x == 6498:
    pass
elif x == 6499:
    pass
elif x == 6500:
    pass
elif x == 6501:
    pass
elif x == 6502:
    pass
elif x == 6503:
    pass
elif x == 6504:
    pass
elif x == 6505:
    pass
elif x == 6506:
    pass
elif x == 6507:
    pass
elif x == 6508:
    pass
elif x == 6509:
    pass
elif x == 6510:
    pass
elif x == 6511:
    pass
elif x == 6512:
    pass
elif x == 6513:
    pass
elif x == 6514:
    pass
elif x == 6515:
    pass
elif x == 6516:
    pass
elif x == 6517:
    pass
elif x == 6518:
    pass
elif x == 6519:
    pass
elif x == 6520:
    pass
elif x == 6521:
    pass
elif x == 6522:
    pass
elif x == 6523:
    pass
elif x == 6524:
    pass
elif x == 6525:
    pass
elif x == 6526:
    pass
elif x == 6527:
    pass
elif x == 6528:
    pass
elif x == 6529:
    pass
elif x == 6530:
    pass
elif x == 6531:
    pass
elif x == 6532:
    pass
elif x == 6533:
    pass
elif x == 6534:
    pass
elif x == 6535:
    pass
elif x == 6536:
    pass
elif x == 6537:
    pass
elif x == 6538:
    pass
elif x == 6539:
    pass
elif x == 6540:
    pass
elif x == 6541:
    pass
elif x == 6542:
    pass
elif x == 6543:
    pass
elif x == 6544:
    pass
elif x == 6545:
    pass
elif x == 6546:
    pass
elif x == 6547:
    pass
elif x == 6548:
    pass
elif x == 6549:
    pass
elif x == 6550:
    pass
elif x == 6551:
    pass
elif x == 6552:
    pass
elif x == 6553:
    pass
elif x == 6554:
    pass
elif x == 6555:
    pass
elif x == 6556:
    pass
elif x == 6557:
    pass
elif x == 6558:
    pass
elif x == 6559:
    pass
elif x == 6560:
    pass
elif x == 6561:
    pass
elif x == 6562:
    pass
elif x == 6563:
    pass
elif x == 6564:
    pass
elif x == 6565:
    pass
elif x == 6566:
    pass
elif x == 6567:
    pass
elif x == 6568:
    pass
elif x == 6569:
    pass
elif x == 6570:
    pass
elif x == 6571:
    pass
elif x == 6572:
    pass
elif x == 6573:
    pass
elif x == 6574:
    pass
elif x == 6575:
    pass
elif x == 6576:
    pass
elif x == 6577:
    pass
elif x == 6578:
    pass
elif x == 6579:
    pass
elif x == 6580:
    pass
elif x == 6581:
    pass
elif x == 6582:
    pass
elif x == 6583:
    pass
elif x == 6584:
    pass
elif x == 6585:
    pass
elif x == 6586:
    pass
elif x == 6587:
    pass
elif x == 6588:
    pass
elif x == 6589:
    pass
elif x == 6590:
    pass
elif x == 6591:
    pass
elif x == 6592:
    pass
elif x == 6593:
    pass
elif x == 6594:
    pass
elif x == 6595:
    pass
elif x == 6596:
    pass
elif x == 6597:
    pass
elif x == 6598:
    pass
elif x == 6599:
    pass
elif x == 6600:
    pass
elif x == 6601:
    pass
elif x == 6602:
    pass
elif x == 6603:
    pass
elif x == 6604:
    pass
elif x == 6605:
    pass
elif x == 6606:
    pass
elif x == 6607:
    pass
elif x == 6608:
    pass
elif x == 6609:
    pass
elif x == 6610:
    pass
elif x == 6611:
    pass
elif x == 6612:
    pass
elif x == 6613:
    pass
elif x == 6614:
    pass
elif x == 6615:
    pass
elif x == 6616:
    pass
elif x == 6617:
    pass
elif x == 6618:
    pass
elif x == 6619:
    pass
elif x == 6620:
    pass
elif x == 6621:
    pass
elif x == 6622:
    pass
elif x == 6623:
    pass
elif x == 6624:
    pass
elif x == 6625:
    pass
elif x == 6626:
    pass
elif x == 6627:
    pass
elif x == 6628:
    pass
elif x == 6629:
    pass
elif x == 6630:
    pass
elif x == 6631:
    pass
elif x == 6632:
    pass
elif x == 6633:
    pass
elif x == 6634:
    pass
elif x == 6635:
    pass
elif x == 6636:
    pass
elif x == 6637:
    pass
elif x == 6638:
    pass
elif x == 6639:
    pass
elif x == 6640:
    pass
elif x == 6641:
    pass
elif x == 6642:
    pass
elif x == 6643:
    pass
elif x == 6644:
    pass
elif x == 6645:
    pass
elif x == 6646:
    pass
elif x == 6647:
    pass
elif x == 6648:
    pass
elif x == 6649:
    pass
elif x == 6650:
    pass
elif x == 6651:
    pass
elif x == 6652:
    pass
elif x == 6653:
    pass
elif x == 6654:
    pass
elif x == 6655:
    pass
elif x == 6656:
    pass
elif x == 6657:
    pass
elif x == 6658:
    pass
elif x == 6659:
    pass
elif x == 6660:
    pass
elif x == 6661:
    pass
elif x == 6662:
    pass
elif x == 6663:
    pass
elif x == 6664:
    pass
elif x == 6665:
    pass
elif x == 6666:
    pass
elif x == 6667:
    pass
elif x == 6668:
    pass
elif x == 6669:
    pass
elif x == 6670:
    pass
elif x == 6671:
    pass
elif x == 6672:
    pass
elif x == 6673:
    pass
elif x == 6674:
    pass
elif x == 6675:
    pass
elif x == 6676:
    pass
elif x == 6677:
    pass
elif x == 6678:
    pass
elif x == 6679:
    pass
elif x == 6680:
    pass
elif x == 6681:
    pass
elif x == 6682:
    pass
elif x == 6683:
    pass
elif x == 6684:
    pass
elif x == 6685:
    pass
elif x == 6686:
    pass
elif x == 6687:
    pass
elif x == 6688:
    pass
elif x == 6689:
    pass
elif x == 6690:
    pass
elif x == 6691:
    pass
elif x == 6692:
    pass
elif x == 6693:
    pass
elif x == 6694:
    pass
elif x == 6695:
    pass
elif x == 6696:
    pass
elif x == 6697:
    pass
elif x == 6698:
    pass
elif x == 6699:
    pass
elif x == 6700:
    pass
elif x == 6701:
    pass
elif x == 6702:
    pass
elif x == 6703:
    pass
elif x == 6704:
    pass
elif x == 6705:
    pass
elif x == 6706:
    pass
elif x == 6707:
    pass
elif x == 6708:
    pass
elif x == 6709:
    pass
elif x == 6710:
    pass
elif x == 6711:
    pass
elif x == 6712:
    pass
elif x == 6713:
    pass
elif x == 6714:
    pass
elif x == 6715:
    pass
elif x == 6716:
    pass
elif x == 6717:
    pass
elif x == 6718:
    pass
elif x == 6719:
    pass
elif x == 6720:
    pass
elif x == 6721:
    pass
elif x == 6722:
    pass
elif x == 6723:
    pass
elif x == 6724:
    pass
elif x == 6725:
    pass
elif x == 6726:
    pass
elif x == 6727:
    pass
elif x == 6728:
    pass
elif x == 6729:
    pass
elif x == 6730:
    pass
elif x == 6731:
    pass
elif x == 6732:
    pass
elif x == 6733:
    pass
elif x == 6734:
    pass
elif x == 6735:
    pass
elif x == 6736:
    pass
elif x == 6737:
    pass
elif x == 6738:
    pass
elif x == 6739:
    pass
elif x == 6740:
    pass
elif x == 6741:
    pass
elif x == 6742:
    pass
elif x == 6743:
    pass
elif x == 6744:
    pass
elif x == 6745:
    pass
elif x == 6746:
    pass
elif x == 6747:
    pass
elif x == 6748:
    pass
elif x == 6749:
    pass
elif x == 6750:
    pass
elif x == 6751:
    pass
elif x == 6752:
    pass
elif x == 6753:
    pass
elif x == 6754:
    pass
elif x == 6755:
    pass
elif x == 6756:
    pass
elif x == 6757:
    pass
elif x == 6758:
    pass
elif x == 6759:
    pass
elif x == 6760:
    pass
elif x == 6761:
    pass
elif x == 6762:
    pass
elif x == 6763:
    pass
elif x == 6764:
    pass
elif x == 6765:
    pass
elif x == 6766:
    pass
elif x == 6767:
    pass
elif x == 6768:
    pass
elif x == 6769:
    pass
elif x == 6770:
    pass
elif x == 6771:
    pass
elif x == 6772:
    pass
elif x == 6773:
    pass
elif x == 6774:
    pass
elif x == 6775:
    pass
elif x == 6776:
    pass
elif x == 6777:
    pass
elif x == 6778:
    pass
elif x == 6779:
    pass
elif x == 6780:
    pass
elif x == 6781:
    pass
elif x == 6782:
    pass
elif x == 6783:
    pass
elif x == 6784:
    pass
elif x == 6785:
    pass
elif x == 6786:
    pass
elif x == 6787:
    pass
elif x == 6788:
    pass
elif x == 6789:
    pass
elif x == 6790:
    pass
elif x == 6791:
    pass
elif x == 6792:
    pass
elif x == 6793:
    pass
elif x == 6794:
    pass
elif x == 6795:
    pass
elif x == 6796:
    pass
elif x == 6797:
    pass
elif x == 6798:
    pass
elif x == 6799:
    pass
elif x == 6800:
    pass
elif x == 6801:
    pass
elif x == 6802:
    pass
elif x == 6803:
    pass
elif x == 6804:
    pass
elif x == 6805:
    pass
elif x == 6806:
    pass
elif x == 6807:
    pass
elif x == 6808:
    pass
elif x == 6809:
    pass
elif x == 6810:
    pass
elif x == 6811:
    pass
elif x == 6812:
    pass
elif x == 6813:
    pass
elif x == 6814:
    pass
elif x == 6815:
    pass
elif x == 6816:
    pass
elif x == 6817:
    pass
elif x == 6818:
    pass
elif x == 6819:
    pass
elif x == 6820:
    pass
elif x == 6821:
    pass
elif x == 6822:
    pass
elif x == 6823:
    pass
elif x == 6824:
    pass
elif x == 6825:
    pass
elif x == 6826:
    pass
elif x == 6827:
    pass
elif x == 6828:
    pass
elif x == 6829:
    pass
elif x == 6830:
    pass
elif x == 6831:
    pass
elif x == 6832:
    pass
elif x == 6833:
    pass
elif x == 6834:
    pass
elif x == 6835:
    pass
elif x == 6836:
    pass
elif x == 6837:
    pass
elif x == 6838:
    pass
elif x == 6839:
    pass
elif x == 6840:
    pass
elif x == 6841:
    pass
elif x == 6842:
    pass
elif x == 6843:
    pass
elif x == 6844:
    pass
elif x == 6845:
    pass
elif x == 6846:
    pass
elif x == 6847:
    pass
elif x == 6848:
    pass
elif x == 6849:
    pass
elif x == 6850:
    pass
elif x == 6851:
    pass
elif x == 6852:
    pass
elif x == 6853:
    pass
elif x == 6854:
    pass
elif x == 6855:
    pass
elif x == 6856:
    pass
elif x == 6857:
    pass
elif x == 6858:
    pass
elif x == 6859:
    pass
elif x == 6860:
    pass
elif x == 6861:
    pass
elif x == 6862:
    pass
elif x == 6863:
    pass
elif x == 6864:
    pass
elif x == 6865:
    pass
elif x == 6866:
    pass
elif x == 6867:
    pass
elif x == 6868:
    pass
elif x == 6869:
    pass
elif x == 6870:
    pass
elif x == 6871:
    pass
elif x == 6872:
    pass
elif x == 6873:
    pass
elif x == 6874:
    pass
elif x == 6875:
    pass
elif x == 6876:
    pass
elif x == 6877:
    pass
elif x == 6878:
    pass
elif x == 6879:
    pass
elif x == 6880:
    pass
elif x == 6881:
    pass
elif x == 6882:
    pass
elif x == 6883:
    pass
elif x == 6884:
    pass
elif x == 6885:
    pass
elif x == 6886:
    pass
elif x == 6887:
    pass
elif x == 6888:
    pass
elif x == 6889:
    pass
elif x == 6890:
    pass
elif x == 6891:
    pass
elif x == 6892:
    pass
elif x == 6893:
    pass
elif x == 6894:
    pass
elif x == 6895:
    pass
elif x == 6896:
    pass
elif x == 6897:
    pass
elif x == 6898:
    pass
elif x == 6899:
    pass
elif x == 6900:
    pass
elif x == 6901:
    pass
elif x == 6902:
    pass
elif x == 6903:
    pass
elif x == 6904:
    pass
elif x == 6905:
    pass
elif x == 6906:
    pass
elif x == 6907:
    pass
elif x == 6908:
    pass
elif x == 6909:
    pass
elif x == 6910:
    pass
elif x == 6911:
    pass
elif x == 6912:
    pass
elif x == 6913:
    pass
elif x == 6914:
    pass
elif x == 6915:
    pass
elif x == 6916:
    pass
elif x == 6917:
    pass
elif x == 6918:
    pass
elif x == 6919:
    pass
elif x == 6920:
    pass
elif x == 6921:
    pass
elif x == 6922:
    pass
elif x == 6923:
    pass
elif x == 6924:
    pass
elif x == 6925:
    pass
elif x == 6926:
    pass
elif x == 6927:
    pass
elif x == 6928:
    pass
elif x == 6929:
    pass
elif x == 6930:
    pass
elif x == 6931:
    pass
elif x == 6932:
    pass
elif x == 6933:
    pass
elif x == 6934:
    pass
elif x == 6935:
    pass
elif x == 6936:
    pass
elif x == 6937:
    pass
elif x == 6938:
    pass
elif x == 6939:
    pass
elif x == 6940:
    pass
elif x == 6941:
    pass
elif x == 6942:
    pass
elif x == 6943:
    pass
elif x == 6944:
    pass
elif x == 6945:
    pass
elif x == 6946:
    pass
elif x == 6947:
    pass
elif x == 6948:
    pass
elif x == 6949:
    pass
elif x == 6950:
    pass
elif x == 6951:
    pass
elif x == 6952:
    pass
elif x == 6953:
    pass
elif x == 6954:
    pass
elif x == 6955:
    pass
elif x == 6956:
    pass
elif x == 6957:
    pass
elif x == 6958:
    pass
elif x == 6959:
    pass
elif x == 6960:
    pass
elif x == 6961:
    pass
elif x == 6962:
    pass
elif x == 6963:
    pass
elif x == 6964:
    pass
elif x == 6965:
    pass
elif x == 6966:
    pass
elif x == 6967:
    pass
elif x == 6968:
    pass
elif x == 6969:
    pass
elif x == 6970:
    pass
elif x == 6971:
    pass
elif x == 6972:
    pass
elif x == 6973:
    pass
elif x == 6974:
    pass
elif x == 6975:
    pass
elif x == 6976:
    pass
elif x == 6977:
    pass
elif x == 6978:
    pass
elif x == 6979:
    pass
elif x == 6980:
    pass
elif x == 6981:
    pass
elif x == 6982:
    pass
elif x == 6983:
    pass
elif x == 6984:
    pass
elif x == 6985:
    pass
elif x == 6986:
    pass
elif x == 6987:
    pass
elif x == 6988:
    pass
elif x == 6989:
    pass
elif x == 6990:
    pass
elif x == 6991:
    pass
elif x == 6992:
    pass
elif x == 6993:
    pass
elif x == 6994:
    pass
elif x == 6995:
    pass
elif x == 6996:
    pass
elif x == 6997:
    pass
elif x == 6998:
    pass
elif x == 6999:
    pass
elif x == 7000:
    pass
elif x == 7001:
    pass
elif x == 7002:
    pass
elif x == 7003:
    pass
elif x == 7004:
    pass
elif x == 7005:
    pass
elif x == 7006:
    pass
elif x == 7007:
    pass
elif x == 7008:
    pass
elif x == 7009:
    pass
elif x == 7010:
    pass
elif x == 7011:
    pass
elif x == 7012:
    pass
elif x == 7013:
    pass
elif x == 7014:
    pass
elif x == 7015:
    pass
elif x == 7016:
    pass
elif x == 7017:
    pass
elif x == 7018:
    pass
elif x == 7019:
    pass
elif x == 7020:
    pass
elif x == 7021:
    pass
elif x == 7022:
    pass
elif x == 7023:
    pass
elif x == 7024:
    pass
elif x == 7025:
    pass
elif x == 7026:
    pass
elif x == 7027:
    pass
elif x == 7028:
    pass
elif x == 7029:
    pass
elif x == 7030:
    pass
elif x == 7031:
    pass
elif x == 7032:
    pass
elif x == 7033:
    pass
elif x == 7034:
    pass
elif x == 7035:
    pass
elif x == 7036:
    pass
elif x == 7037:
    pass
elif x == 7038:
    pass
elif x == 7039:
    pass
elif x == 7040:
    pass
elif x == 7041:
    pass
elif x == 7042:
    pass
elif x == 7043:
    pass
elif x == 7044:
    pass
elif x == 7045:
    pass
elif x == 7046:
    pass
elif x == 7047:
    pass
elif x == 7048:
    pass
elif x == 7049:
    pass
elif x == 7050:
    pass
elif x == 7051:
    pass
elif x == 7052:
    pass
elif x == 7053:
    pass
elif x == 7054:
    pass
elif x == 7055:
    pass
elif x == 7056:
    pass
elif x == 7057:
    pass
elif x == 7058:
    pass
elif x == 7059:
    pass
elif x == 7060:
    pass
elif x == 7061:
    pass
elif x == 7062:
    pass
elif x == 7063:
    pass
elif x == 7064:
    pass
elif x == 7065:
    pass
elif x == 7066:
    pass
elif x == 7067:
    pass
elif x == 7068:
    pass
elif x == 7069:
    pass
elif x == 7070:
    pass
elif x == 7071:
    pass
elif x == 7072:
    pass
elif x == 7073:
    pass
elif x == 7074:
    pass
elif x == 7075:
    pass
elif x == 7076:
    pass
elif x == 7077:
    pass
elif x == 7078:
    pass
elif x == 7079:
    pass
elif x == 7080:
    pass
elif x == 7081:
    pass
elif x == 7082:
    pass
elif x == 7083:
    pass
elif x == 7084:
    pass
elif x == 7085:
    pass
elif x == 7086:
    pass
elif x == 7087:
    pass
elif x == 7088:
    pass
elif x == 7089:
    pass
elif x == 7090:
    pass
elif x == 7091:
    pass
elif x == 7092:
    pass
elif x == 7093:
    pass
elif x == 7094:
    pass
elif x == 7095:
    pass
elif x == 7096:
    pass
elif x == 7097:
    pass
elif x == 7098:
    pass
elif x == 7099:
    pass
elif x == 7100:
    pass
elif x == 7101:
    pass
elif x == 7102:
    pass
elif x == 7103:
    pass
elif x == 7104:
    pass
elif x == 7105:
    pass
elif x == 7106:
    pass
elif x == 7107:
    pass
elif x == 7108:
    pass
elif x == 7109:
    pass
elif x == 7110:
    pass
elif x == 7111:
    pass
elif x == 7112:
    pass
elif x == 7113:
    pass
elif x == 7114:
    pass
elif x == 7115:
    pass
elif x == 7116:
    pass
elif x == 7117:
    pass
elif x == 7118:
    pass
elif x == 7119:
    pass
elif x == 7120:
    pass
elif x == 7121:
    pass
elif x == 7122:
    pass
elif x == 7123:
    pass
elif x == 7124:
    pass
elif x == 7125:
    pass
elif x == 7126:
    pass
elif x == 7127:
    pass
elif x == 7128:
    pass
elif x == 7129:
    pass
elif x == 7130:
    pass
elif x == 7131:
    pass
elif x == 7132:
    pass
elif x == 7133:
    pass
elif x == 7134:
    pass
elif x == 7135:
    pass
elif x == 7136:
    pass
elif x == 7137:
    pass
elif x == 7138:
    pass
elif x == 7139:
    pass
elif x == 7140:
    pass
elif x == 7141:
    pass
elif x == 7142:
    pass
elif x == 7143:
    pass
elif x == 7144:
    pass
elif x == 7145:
    pass
elif x == 7146:
    pass
elif x == 7147:
    pass
elif x == 7148:
    pass
elif x == 7149:
    pass
elif x == 7150:
    pass
elif x == 7151:
    pass
elif x == 7152:
    pass
elif x == 7153:
    pass
elif x == 7154:
    pass
elif x == 7155:
    pass
elif x == 7156:
    pass
elif x == 7157:
    pass
elif x == 7158:
    pass
elif x == 7159:
    pass
elif x == 7160:
    pass
elif x == 7161:
    pass
elif x == 7162:
    pass
elif x == 7163:
    pass
elif x == 7164:
    pass
elif x == 7165:
    pass
elif x == 7166:
    pass
elif x == 7167:
    pass
elif x == 7168:
    pass
elif x == 7169:
    pass
elif x == 7170:
    pass
elif x == 7171:
    pass
elif x == 7172:
    pass
elif x == 7173:
    pass
elif x == 7174:
    pass
elif x == 7175:
    pass
elif x == 7176:
    pass
elif x == 7177:
    pass
elif x == 7178:
    pass
elif x == 7179:
    pass
elif x == 7180:
    pass
elif x == 7181:
    pass
elif x == 7182:
    pass
elif x == 7183:
    pass
elif x == 7184:
    pass
elif x == 7185:
    pass
elif x == 7186:
    pass
elif x == 7187:
    pass
elif x == 7188:
    pass
elif x == 7189:
    pass
elif x == 7190:
    pass
elif x == 7191:
    pass
elif x == 7192:
    pass
elif x == 7193:
    pass
elif x == 7194:
    pass
elif x == 7195:
    pass
elif x == 7196:
    pass
elif x == 7197:
    pass
elif x == 7198:
    pass
elif x == 7199:
    pass
elif x == 7200:
    pass
elif x == 7201:
    pass
elif x == 7202:
    pass
elif x == 7203:
    pass
elif x == 7204:
    pass
elif x == 7205:
    pass
elif x == 7206:
    pass
elif x == 7207:
    pass
elif x == 7208:
    pass
elif x == 7209:
    pass
elif x == 7210:
    pass
elif x == 7211:
    pass
elif x == 7212:
    pass
elif x == 7213:
    pass
elif x == 7214:
    pass
elif x == 7215:
    pass
elif x == 7216:
    pass
elif x == 7217:
    pass
elif x == 7218:
    pass
elif x == 7219:
    pass
elif x == 7220:
    pass
elif x == 7221:
    pass
elif x == 7222:
    pass
elif x == 7223:
    pass
elif x == 7224:
    pass
elif x == 7225:
    pass
elif x == 7226:
    pass
elif x == 7227:
    pass
elif x == 7228:
    pass
elif x == 7229:
    pass
elif x == 7230:
    pass
elif x == 7231:
    pass
elif x == 7232:
    pass
elif x == 7233:
    pass
elif x == 7234:
    pass
elif x == 7235:
    pass
elif x == 7236:
    pass
elif x == 7237:
    pass
elif x == 7238:
    pass
elif x == 7239:
    pass
elif x == 7240:
    pass
elif x == 7241:
    pass
elif x == 7242:
    pass
elif x == 7243:
    pass
elif x == 7244:
    pass
elif x == 7245:
    pass
elif x == 7246:
    pass
elif x == 7247:
    pass
elif x == 7248:
    pass
elif x == 7249:
    pass
elif x == 7250:
    pass
elif x == 7251:
    pass
elif x == 7252:
    pass
elif x == 7253:
    pass
elif x == 7254:
    pass
elif x == 7255:
    pass
elif x == 7256:
    pass
elif x == 7257:
    pass
elif x == 7258:
    pass
elif x == 7259:
    pass
elif x == 7260:
    pass
elif x == 7261:
    pass
elif x == 7262:
    pass
elif x == 7263:
    pass
elif x == 7264:
    pass
elif x == 7265:
    pass
elif x == 7266:
    pass
elif x == 7267:
    pass
elif x == 7268:
    pass
elif x == 7269:
    pass
elif x == 7270:
    pass
elif x == 7271:
    pass
elif x == 7272:
    pass
elif x == 7273:
    pass
elif x == 7274:
    pass
elif x == 7275:
    pass
elif x == 7276:
    pass
elif x == 7277:
    pass
elif x == 7278:
    pass
elif x == 7279:
    pass
elif x == 7280:
    pass
elif x == 7281:
    pass
elif x == 7282:
    pass
elif x == 7283:
    pass
elif x == 7284:
    pass
elif x == 7285:
    pass
elif x == 7286:
    pass
elif x == 7287:
    pass
elif x == 7288:
    pass
elif x == 7289:
    pass
elif x == 7290:
    pass
elif x == 7291:
    pass
elif x == 7292:
    pass
elif x == 7293:
    pass
elif x == 7294:
    pass
elif x == 7295:
    pass
elif x == 7296:
    pass
elif x == 7297:
    pass
elif x == 7298:
    pass
elif x == 7299:
    pass
elif x == 7300:
    pass
elif x == 7301:
    pass
elif x == 7302:
    pass
elif x == 7303:
    pass
elif x == 7304:
    pass
elif x == 7305:
    pass
elif x == 7306:
    pass
elif x == 7307:
    pass
elif x == 7308:
    pass
elif x == 7309:
    pass
elif x == 7310:
    pass
elif x == 7311:
    pass
elif x == 7312:
    pass
elif x == 7313:
    pass
elif x == 7314:
    pass
elif x == 7315:
    pass
elif x == 7316:
    pass
elif x == 7317:
    pass
elif x == 7318:
    pass
elif x == 7319:
    pass
elif x == 7320:
    pass
elif x == 7321:
    pass
elif x == 7322:
    pass
elif x == 7323:
    pass
elif x == 7324:
    pass
elif x == 7325:
    pass
elif x == 7326:
    pass
elif x == 7327:
    pass
elif x == 7328:
    pass
elif x == 7329:
    pass
elif x == 7330:
    pass
elif x == 7331:
    pass
elif x == 7332:
    pass
elif x == 7333:
    pass
elif x == 7334:
    pass
elif x == 7335:
    pass
elif x == 7336:
    pass
elif x == 7337:
    pass
elif x == 7338:
    pass
elif x == 7339:
    pass
elif x == 7340:
    pass
elif x == 7341:
    pass
elif x == 7342:
    pass
elif x == 7343:
    pass
elif x == 7344:
    pass
elif x == 7345:
    pass
elif x == 7346:
    pass
elif x == 7347:
    pass
elif x == 7348:
    pass
elif x == 7349:
    pass
elif x == 7350:
    pass
elif x == 7351:
    pass
elif x == 7352:
    pass
elif x == 7353:
    pass
elif x == 7354:
    pass
elif x == 7355:
    pass
elif x == 7356:
    pass
elif x == 7357:
    pass
elif x == 7358:
    pass
elif x == 7359:
    pass
elif x == 7360:
    pass
elif x == 7361:
    pass
elif x == 7362:
    pass
elif x == 7363:
    pass
elif x == 7364:
    pass
elif x == 7365:
    pass
elif x == 7366:
    pass
elif x == 7367:
    pass
elif x == 7368:
    pass
elif x == 7369:
    pass
elif x == 7370:
    pass
elif x == 7371:
    pass
elif x == 7372:
    pass
elif x == 7373:
    pass
elif x == 7374:
    pass
elif x == 7375:
    pass
elif x == 7376:
    pass
elif x == 7377:
    pass
elif x == 7378:
    pass
elif x == 7379:
    pass
elif x == 7380:
    pass
elif x == 7381:
    pass
elif x == 7382:
    pass
elif x == 7383:
    pass
elif x == 7384:
    pass
elif x == 7385:
    pass
elif x == 7386:
    pass
elif x == 7387:
    pass
elif x == 7388:
    pass
elif x == 7389:
    pass
elif x == 7390:
    pass
elif x == 7391:
    pass
elif x == 7392:
    pass
elif x == 7393:
    pass
elif x == 7394:
    pass
elif x == 7395:
    pass
elif x == 7396:
    pass
elif x == 7397:
    pass
elif x == 7398:
    pass
elif x == 7399:
    pass
elif x == 7400:
    pass
elif x == 7401:
    pass
elif x == 7402:
    pass
elif x == 7403:
    pass
elif x == 7404:
    pass
elif x == 7405:
    pass
elif x == 7406:
    pass
elif x == 7407:
    pass
elif x == 7408:
    pass
elif x == 7409:
    pass
elif x == 7410:
    pass
elif x == 7411:
    pass
elif x == 7412:
    pass
elif x == 7413:
    pass
elif x == 7414:
    pass
elif x == 7415:
    pass
elif x == 7416:
    pass
elif x == 7417:
    pass
elif x == 7418:
    pass
elif x == 7419:
    pass
elif x == 7420:
    pass
elif x == 7421:
    pass
elif x == 7422:
    pass
elif x == 7423:
    pass
elif x == 7424:
    pass
elif x == 7425:
    pass
elif x == 7426:
    pass
elif x == 7427:
    pass
elif x == 7428:
    pass
elif x == 7429:
    pass
elif x == 7430:
    pass
elif x == 7431:
    pass
elif x == 7432:
    pass
elif x == 7433:
    pass
elif x == 7434:
    pass
elif x == 7435:
    pass
elif x == 7436:
    pass
elif x == 7437:
    pass
elif x == 7438:
    pass
elif x == 7439:
    pass
elif x == 7440:
    pass
elif x == 7441:
    pass
elif x == 7442:
    pass
elif x == 7443:
    pass
elif x == 7444:
    pass
elif x == 7445:
    pass
elif x == 7446:
    pass
elif x == 7447:
    pass
elif x == 7448:
    pass
elif x == 7449:
    pass
elif x == 7450:
    pass
elif x == 7451:
    pass
elif x == 7452:
    pass
elif x == 7453:
    pass
elif x == 7454:
    pass
elif x == 7455:
    pass
elif x == 7456:
    pass
elif x == 7457:
    pass
elif x == 7458:
    pass
elif x == 7459:
    pass
elif x == 7460:
    pass
elif x == 7461:
    pass
elif x == 7462:
    pass
elif x == 7463:
    pass
elif x == 7464:
    pass
elif x == 7465:
    pass
elif x == 7466:
    pass
elif x == 7467:
    pass
elif x == 7468:
    pass
elif x == 7469:
    pass
elif x == 7470:
    pass
elif x == 7471:
    pass
elif x == 7472:
    pass
elif x == 7473:
    pass
elif x == 7474:
    pass
elif x == 7475:
    pass
elif x == 7476:
    pass
elif x == 7477:
    pass
elif x == 7478:
    pass
elif x == 7479:
    pass
elif x == 7480:
    pass
elif x == 7481:
    pass
elif x == 7482:
    pass
elif x == 7483:
    pass
elif x == 7484:
    pass
elif x == 7485:
    pass
elif x == 7486:
    pass
elif x == 7487:
    pass
elif x == 7488:
    pass
elif x == 7489:
    pass
elif x == 7490:
    pass
elif x == 7491:
    pass
elif x == 7492:
    pass
elif x == 7493:
    pass
elif x == 7494:
    pass
elif x == 7495:
    pass
elif x == 7496:
    pass
elif x == 7497:
    pass
elif x == 7498:
    pass
elif x == 7499:
    pass
elif x == 7500:
    pass
elif x == 7501:
    pass
elif x == 7502:
    pass
elif x == 7503:
    pass
elif x == 7504:
    pass
elif x == 7505:
    pass
elif x == 7506:
    pass
elif x == 7507:
    pass
elif x == 7508:
    pass
elif x == 7509:
    pass
elif x == 7510:
    pass
elif x == 7511:
    pass
elif x == 7512:
    pass
elif x == 7513:
    pass
elif x == 7514:
    pass
elif x == 7515:
    pass
elif x == 7516:
    pass
elif x == 7517:
    pass
elif x == 7518:
    pass
elif x == 7519:
    pass
elif x == 7520:
    pass
elif x == 7521:
    pass
elif x == 7522:
    pass
elif x == 7523:
    pass
elif x == 7524:
    pass
elif x == 7525:
    pass
elif x == 7526:
    pass
elif x == 7527:
    pass
elif x == 7528:
    pass
elif x == 7529:
    pass
elif x == 7530:
    pass
elif x == 7531:
    pass
elif x == 7532:
    pass
elif x == 7533:
    pass
elif x == 7534:
    pass
elif x == 7535:
    pass
elif x == 7536:
    pass
elif x == 7537:
    pass
elif x == 7538:
    pass
elif x == 7539:
    pass
elif x == 7540:
    pass
elif x == 7541:
    pass
elif x == 7542:
    pass
elif x == 7543:
    pass
elif x == 7544:
    pass
elif x == 7545:
    pass
elif x == 7546:
    pass
elif x == 7547:
    pass
elif x == 7548:
    pass
elif x == 7549:
    pass
elif x == 7550:
    pass
elif x == 7551:
    pass
elif x == 7552:
    pass
elif x == 7553:
    pass
elif x == 7554:
    pass
elif x == 7555:
    pass
elif x == 7556:
    pass
elif x == 7557:
    pass
elif x == 7558:
    pass
elif x == 7559:
    pass
elif x == 7560:
    pass
elif x == 7561:
    pass
elif x == 7562:
    pass
elif x == 7563:
    pass
elif x == 7564:
    pass
elif x == 7565:
    pass
elif x == 7566:
    pass
elif x == 7567:
    pass
elif x == 7568:
    pass
elif x == 7569:
    pass
elif x == 7570:
    pass
elif x == 7571:
    pass
elif x == 7572:
    pass
elif x == 7573:
    pass
elif x == 7574:
    pass
elif x == 7575:
    pass
elif x == 7576:
    pass
elif x == 7577:
    pass
elif x == 7578:
    pass
elif x == 7579:
    pass
elif x == 7580:
    pass
elif x == 7581:
    pass
elif x == 7582:
    pass
elif x == 7583:
    pass
elif x == 7584:
    pass
elif x == 7585:
    pass
elif x == 7586:
    pass
elif x == 7587:
    pass
elif x == 7588:
    pass
elif x == 7589:
    pass
elif x == 7590:
    pass
elif x == 7591:
    pass
elif x == 7592:
    pass
elif x == 7593:
    pass
elif x == 7594:
    pass
elif x == 7595:
    pass
elif x == 7596:
    pass
elif x == 7597:
    pass
elif x == 7598:
    pass
elif x == 7599:
    pass
elif x == 7600:
    pass
elif x == 7601:
    pass
elif x == 7602:
    pass
elif x == 7603:
    pass
elif x == 7604:
    pass
elif x == 7605:
    pass
elif x == 7606:
    pass
elif x == 7607:
    pass
elif x == 7608:
    pass
elif x == 7609:
    pass
elif x == 7610:
    pass
elif x == 7611:
    pass
elif x == 7612:
    pass
elif x == 7613:
    pass
elif x == 7614:
    pass
elif x == 7615:
    pass
elif x == 7616:
    pass
elif x == 7617:
    pass
elif x == 7618:
    pass
elif x == 7619:
    pass
elif x == 7620:
    pass
elif x == 7621:
    pass
elif x == 7622:
    pass
elif x == 7623:
    pass
elif x == 7624:
    pass
elif x == 7625:
    pass
elif x == 7626:
    pass
elif x == 7627:
    pass
elif x == 7628:
    pass
elif x == 7629:
    pass
elif x == 7630:
    pass
elif x == 7631:
    pass
elif x == 7632:
    pass
elif x == 7633:
    pass
elif x == 7634:
    pass
elif x == 7635:
    pass
elif x == 7636:
    pass
elif x == 7637:
    pass
elif x == 7638:
    pass
elif x == 7639:
    pass
elif x == 7640:
    pass
elif x == 7641:
    pass
elif x == 7642:
    pass
elif x == 7643:
    pass
elif x == 7644:
    pass
elif x == 7645:
    pass
elif x == 7646:
    pass
elif x == 7647:
    pass
elif x == 7648:
    pass
elif x == 7649:
    pass
elif x == 7650:
    pass
elif x == 7651:
    pass
elif x == 7652:
    pass
elif x == 7653:
    pass
elif x == 7654:
    pass
elif x == 7655:
    pass
elif x == 7656:
    pass
elif x == 7657:
    pass
elif x == 7658:
    pass
elif x == 7659:
    pass
elif x == 7660:
    pass
elif x == 7661:
    pass
elif x == 7662:
    pass
elif x == 7663:
    pass
elif x == 7664:
    pass
elif x == 7665:
    pass
elif x == 7666:
    pass
elif x == 7667:
    pass
elif x == 7668:
    pass
elif x == 7669:
    pass
elif x == 7670:
    pass
elif x == 7671:
    pass
elif x == 7672:
    pass
elif x == 7673:
    pass
elif x == 7674:
    pass
elif x == 7675:
    pass
elif x == 7676:
    pass
elif x == 7677:
    pass
elif x == 7678:
    pass
elif x == 7679:
    pass
elif x == 7680:
    pass
elif x == 7681:
    pass
elif x == 7682:
    pass
elif x == 7683:
    pass
elif x == 7684:
    pass
elif x == 7685:
    pass
elif x == 7686:
    pass
elif x == 7687:
    pass
elif x == 7688:
    pass
elif x == 7689:
    pass
elif x == 7690:
    pass
elif x == 7691:
    pass
elif x == 7692:
    pass
elif x == 7693:
    pass
elif x == 7694:
    pass
elif x == 7695:
    pass
elif x == 7696:
    pass
elif x == 7697:
    pass
elif x == 7698:
    pass
elif x == 7699:
    pass
elif x == 7700:
    pass
elif x == 7701:
    pass
elif x == 7702:
    pass
elif x == 7703:
    pass
elif x == 7704:
    pass
elif x == 7705:
    pass
elif x == 7706:
    pass
elif x == 7707:
    pass
elif x == 7708:
    pass
elif x == 7709:
    pass
elif x == 7710:
    pass
elif x == 7711:
    pass
elif x == 7712:
    pass
elif x == 7713:
    pass
elif x == 7714:
    pass
elif x == 7715:
    pass
elif x == 7716:
    pass
elif x == 7717:
    pass
elif x == 7718:
    pass
elif x == 7719:
    pass
elif x == 7720:
    pass
elif x == 7721:
    pass
elif x == 7722:
    pass
elif x == 7723:
    pass
elif x == 7724:
    pass
elif x == 7725:
    pass
elif x == 7726:
    pass
elif x == 7727:
    pass
elif x == 7728:
    pass
elif x == 7729:
    pass
elif x == 7730:
    pass
elif x == 7731:
    pass
elif x == 7732:
    pass
elif x == 7733:
    pass
elif x == 7734:
    pass
elif x == 7735:
    pass
elif x == 7736:
    pass
elif x == 7737:
    pass
elif x == 7738:
    pass
elif x == 7739:
    pass
elif x == 7740:
    pass
elif x == 7741:
    pass
elif x == 7742:
    pass
elif x == 7743:
    pass
elif x == 7744:
    pass
elif x == 7745:
    pass
elif x == 7746:
    pass
elif x == 7747:
    pass
elif x == 7748:
    pass
elif x == 7749:
    pass
elif x == 7750:
    pass
elif x == 7751:
    pass
elif x == 7752:
    pass
elif x == 7753:
    pass
elif x == 7754:
    pass
elif x == 7755:
    pass
elif x == 7756:
    pass
elif x == 7757:
    pass
elif x == 7758:
    pass
elif x == 7759:
    pass
elif x == 7760:
    pass
elif x == 7761:
    pass
elif x == 7762:
    pass
elif x == 7763:
    pass
elif x == 7764:
    pass
elif x == 7765:
    pass
elif x == 7766:
    pass
elif x == 7767:
    pass
elif x == 7768:
    pass
elif x == 7769:
    pass
elif x == 7770:
    pass
elif x == 7771:
    pass
elif x == 7772:
    pass
elif x == 7773:
    pass
elif x == 7774:
    pass
elif x == 7775:
    pass
elif x == 7776:
    pass
elif x == 7777:
    pass
elif x == 7778:
    pass
elif x == 7779:
    pass
elif x == 7780:
    pass
elif x == 7781:
    pass
elif x == 7782:
    pass
elif x == 7783:
    pass
elif x == 7784:
    pass
elif x == 7785:
    pass
elif x == 7786:
    pass
elif x == 7787:
    pass
elif x == 7788:
    pass
elif x == 7789:
    pass
elif x == 7790:
    pass
elif x == 7791:
    pass
elif x == 7792:
    pass
elif x == 7793:
    pass
elif x == 7794:
    pass
elif x == 7795:
    pass
elif x == 7796:
    pass
elif x == 7797:
    pass
elif x == 7798:
    pass
elif x == 7799:
    pass
elif x == 7800:
    pass
elif x == 7801:
    pass
elif x == 7802:
    pass
elif x == 7803:
    pass
elif x == 7804:
    pass
elif x == 7805:
    pass
elif x == 7806:
    pass
elif x == 7807:
    pass
elif x == 7808:
    pass
elif x == 7809:
    pass
elif x == 7810:
    pass
elif x == 7811:
    pass
elif x == 7812:
    pass
elif x == 7813:
    pass
elif x == 7814:
    pass
elif x == 7815:
    pass
elif x == 7816:
    pass
elif x == 7817:
    pass
elif x == 7818:
    pass
elif x == 7819:
    pass
elif x == 7820:
    pass
elif x == 7821:
    pass
elif x == 7822:
    pass
elif x == 7823:
    pass
elif x == 7824:
    pass
elif x == 7825:
    pass
elif x == 7826:
    pass
elif x == 7827:
    pass
elif x == 7828:
    pass
elif x == 7829:
    pass
elif x == 7830:
    pass
elif x == 7831:
    pass
elif x == 7832:
    pass
elif x == 7833:
    pass
elif x == 7834:
    pass
elif x == 7835:
    pass
elif x == 7836:
    pass
elif x == 7837:
    pass
elif x == 7838:
    pass
elif x == 7839:
    pass
elif x == 7840:
    pass
elif x == 7841:
    pass
elif x == 7842:
    pass
elif x == 7843:
    pass
elif x == 7844:
    pass
elif x == 7845:
    pass
elif x == 7846:
    pass
elif x == 7847:
    pass
elif x == 7848:
    pass
elif x == 7849:
    pass
elif x == 7850:
    pass
elif x == 7851:
    pass
elif x == 7852:
    pass
elif x == 7853:
    pass
elif x == 7854:
    pass
elif x == 7855:
    pass
elif x == 7856:
    pass
elif x == 7857:
    pass
elif x == 7858:
    pass
elif x == 7859:
    pass
elif x == 7860:
    pass
elif x == 7861:
    pass
elif x == 7862:
    pass
elif x == 7863:
    pass
elif x == 7864:
    pass
elif x == 7865:
    pass
elif x == 7866:
    pass
elif x == 7867:
    pass
elif x == 7868:
    pass
elif x == 7869:
    pass
elif x == 7870:
    pass
elif x == 7871:
    pass
elif x == 7872:
    pass
elif x == 7873:
    pass
elif x == 7874:
    pass
elif x == 7875:
    pass
elif x == 7876:
    pass
elif x == 7877:
    pass
elif x == 7878:
    pass
elif x == 7879:
    pass
elif x == 7880:
    pass
elif x == 7881:
    pass
elif x == 7882:
    pass
elif x == 7883:
    pass
elif x == 7884:
    pass
elif x == 7885:
    pass
elif x == 7886:
    pass
elif x == 7887:
    pass
elif x == 7888:
    pass
elif x == 7889:
    pass
elif x == 7890:
    pass
elif x == 7891:
    pass
elif x == 7892:
    pass
elif x == 7893:
    pass
elif x == 7894:
    pass
elif x == 7895:
    pass
elif x == 7896:
    pass
elif x == 7897:
    pass
elif x == 7898:
    pass
elif x == 7899:
    pass
elif x == 7900:
    pass
elif x == 7901:
    pass
elif x == 7902:
    pass
elif x == 7903:
    pass
elif x == 7904:
    pass
elif x == 7905:
    pass
elif x == 7906:
    pass
elif x == 7907:
    pass
elif x == 7908:
    pass
elif x == 7909:
    pass
elif x == 7910:
    pass
elif x == 7911:
    pass
elif x == 7912:
    pass
elif x == 7913:
    pass
elif x == 7914:
    pass
elif x == 7915:
    pass
elif x == 7916:
    pass
elif x == 7917:
    pass
elif x == 7918:
    pass
elif x == 7919:
    pass
elif x == 7920:
    pass
elif x == 7921:
    pass
elif x == 7922:
    pass
elif x == 7923:
    pass
elif x == 7924:
    pass
elif x == 7925:
    pass
elif x == 7926:
    pass
elif x == 7927:
    pass
elif x == 7928:
    pass
elif x == 7929:
    pass
elif x == 7930:
    pass
elif x == 7931:
    pass
elif x == 7932:
    pass
elif x == 7933:
    pass
elif x == 7934:
    pass
elif x == 7935:
    pass
elif x == 7936:
    pass
elif x == 7937:
    pass
elif x == 7938:
    pass
elif x == 7939:
    pass
elif x == 7940:
    pass
elif x == 7941:
    pass
elif x == 7942:
    pass
elif x == 7943:
    pass
elif x == 7944:
    pass
elif x == 7945:
    pass
elif x == 7946:
    pass
elif x == 7947:
    pass
elif x == 7948:
    pass
elif x == 7949:
    pass
elif x == 7950:
    pass
elif x == 7951:
    pass
elif x == 7952:
    pass
elif x == 7953:
    pass
elif x == 7954:
    pass
elif x == 7955:
    pass
elif x == 7956:
    pass
elif x == 7957:
    pass
elif x == 7958:
    pass
elif x == 7959:
    pass
elif x == 7960:
    pass
elif x == 7961:
    pass
elif x == 7962:
    pass
elif x == 7963:
    pass
elif x == 7964:
    pass
elif x == 7965:
    pass
elif x == 7966:
    pass
elif x == 7967:
    pass
elif x == 7968:
    pass
elif x == 7969:
    pass
elif x == 7970:
    pass
elif x == 7971:
    pass
elif x == 7972:
    pass
elif x == 7973:
    pass
elif x == 7974:
    pass
elif x == 7975:
    pass
elif x == 7976:
    pass
elif x == 7977:
    pass
elif x == 7978:
    pass
elif x == 7979:
    pass
elif x == 7980:
    pass
elif x == 7981:
    pass
elif x == 7982:
    pass
elif x == 7983:
    pass
elif x == 7984:
    pass
elif x == 7985:
    pass
elif x == 7986:
    pass
elif x == 7987:
    pass
elif x == 7988:
    pass
elif x == 7989:
    pass
elif x == 7990:
    pass
elif x == 7991:
    pass
elif x == 7992:
    pass
elif x == 7993:
    pass
elif x == 7994:
    pass
elif x == 7995:
    pass
elif x == 7996:
    pass
elif x == 7997:
    pass
elif x == 7998:
    pass
elif x == 7999:
    pass
elif x == 8000:
    pass
elif x == 8001:
    pass
elif x == 8002:
    pass
elif x == 8003:
    pass
elif x == 8004:
    pass
elif x == 8005:
    pass
elif x == 8006:
    pass
elif x == 8007:
    pass
elif x == 8008:
    pass
elif x == 8009:
    pass
elif x == 8010:
    pass
elif x == 8011:
    pass
elif x == 8012:
    pass
elif x == 8013:
    pass
elif x == 8014:
    pass
elif x == 8015:
    pass
elif x == 8016:
    pass
elif x == 8017:
    pass
elif x == 8018:
    pass
elif x == 8019:
    pass
elif x == 8020:
    pass
elif x == 8021:
    pass
elif x == 8022:
    pass
elif x == 8023:
    pass
elif x == 8024:
    pass
elif x == 8025:
    pass
elif x == 8026:
    pass
elif x == 8027:
    pass
elif x == 8028:
    pass
elif x == 8029:
    pass
elif x == 8030:
    pass
elif x == 8031:
    pass
elif x == 8032:
    pass
elif x == 8033:
    pass
elif x == 8034:
    pass
elif x == 8035:
    pass
elif x == 8036:
    pass
elif x == 8037:
    pass
elif x == 8038:
    pass
elif x == 8039:
    pass
elif x == 8040:
    pass
elif x == 8041:
    pass
elif x == 8042:
    pass
elif x == 8043:
    pass
elif x == 8044:
    pass
elif x == 8045:
    pass
elif x == 8046:
    pass
elif x == 8047:
    pass
elif x == 8048:
    pass
elif x == 8049:
    pass
elif x == 8050:
    pass
elif x == 8051:
    pass
elif x == 8052:
    pass
elif x == 8053:
    pass
elif x == 8054:
    pass
elif x == 8055:
    pass
elif x == 8056:
    pass
elif x == 8057:
    pass
elif x == 8058:
    pass
elif x == 8059:
    pass
elif x == 8060:
    pass
elif x == 8061:
    pass
elif x == 8062:
    pass
elif x == 8063:
    pass
elif x == 8064:
    pass
elif x == 8065:
    pass
elif x == 8066:
    pass
elif x == 8067:
    pass
elif x == 8068:
    pass
elif x == 8069:
    pass
elif x == 8070:
    pass
elif x == 8071:
    pass
elif x == 8072:
    pass
elif x == 8073:
    pass
elif x == 8074:
    pass
elif x == 8075:
    pass
elif x == 8076:
    pass
elif x == 8077:
    pass
elif x == 8078:
    pass
elif x == 8079:
    pass
elif x == 8080:
    pass
elif x == 8081:
    pass
elif x == 8082:
    pass
elif x == 8083:
    pass
elif x == 8084:
    pass
elif x == 8085:
    pass
elif x == 8086:
    pass
elif x == 8087:
    pass
elif x == 8088:
    pass
elif x == 8089:
    pass
elif x == 8090:
    pass
elif x == 8091:
    pass
elif x == 8092:
    pass
elif x == 8093:
    pass
elif x == 8094:
    pass
elif x == 8095:
    pass
elif x == 8096:
    pass
elif x == 8097:
    pass
elif x == 8098:
    pass
elif x == 8099:
    pass
elif x == 8100:
    pass
elif x == 8101:
    pass
elif x == 8102:
    pass
elif x == 8103:
    pass
elif x == 8104:
    pass
elif x == 8105:
    pass
elif x == 8106:
    pass
elif x == 8107:
    pass
elif x == 8108:
    pass
elif x == 8109:
    pass
elif x == 8110:
    pass
elif x == 8111:
    pass
elif x == 8112:
    pass
elif x == 8113:
    pass
elif x == 8114:
    pass
elif x == 8115:
    pass
elif x == 8116:
    pass
elif x == 8117:
    pass
elif x == 8118:
    pass
elif x == 8119:
    pass
elif x == 8120:
    pass
elif x == 8121:
    pass
elif x == 8122:
    pass
elif x == 8123:
    pass
elif x == 8124:
    pass
elif x == 8125:
    pass
elif x == 8126:
    pass
elif x == 8127:
    pass
elif x == 8128:
    pass
elif x == 8129:
    pass
elif x == 8130:
    pass
elif x == 8131:
    pass
elif x == 8132:
    pass
elif x == 8133:
    pass
elif x == 8134:
    pass
elif x == 8135:
    pass
elif x == 8136:
    pass
elif x == 8137:
    pass
elif x == 8138:
    pass
elif x == 8139:
    pass
elif x == 8140:
    pass
elif x == 8141:
    pass
elif x == 8142:
    pass
elif x == 8143:
    pass
elif x == 8144:
    pass
elif x == 8145:
    pass
elif x == 8146:
    pass
elif x == 8147:
    pass
elif x == 8148:
    pass
elif x == 8149:
    pass
elif x == 8150:
    pass
elif x == 8151:
    pass
elif x == 8152:
    pass
elif x == 8153:
    pass
elif x == 8154:
    pass
elif x == 8155:
    pass
elif x == 8156:
    pass
elif x == 8157:
    pass
elif x == 8158:
    pass
elif x == 8159:
    pass
elif x == 8160:
    pass
elif x == 8161:
    pass
elif x == 8162:
    pass
elif x == 8163:
    pass
elif x == 8164:
    pass
elif x == 8165:
    pass
elif x == 8166:
    pass
elif x == 8167:
    pass
elif x == 8168:
    pass
elif x == 8169:
    pass
elif x == 8170:
    pass
elif x == 8171:
    pass
elif x == 8172:
    pass
elif x == 8173:
    pass
elif x == 8174:
    pass
elif x == 8175:
    pass
elif x == 8176:
    pass
elif x == 8177:
    pass
elif x == 8178:
    pass
elif x == 8179:
    pass
elif x == 8180:
    pass
elif x == 8181:
    pass
elif x == 8182:
    pass
elif x == 8183:
    pass
elif x == 8184:
    pass
elif x == 8185:
    pass
elif x == 8186:
    pass
elif x == 8187:
    pass
elif x == 8188:
    pass
elif x == 8189:
    pass
elif x == 8190:
    pass
elif x == 8191:
    pass
elif x == 8192:
    pass
elif x == 8193:
    pass
elif x == 8194:
    pass
elif x == 8195:
    pass
elif x == 8196:
    pass
elif x == 8197:
    pass
elif x == 8198:
    pass
elif x == 8199:
    pass
elif x == 8200:
    pass
elif x == 8201:
    pass
elif x == 8202:
    pass
elif x == 8203:
    pass
elif x == 8204:
    pass
elif x == 8205:
    pass
elif x == 8206:
    pass
elif x == 8207:
    pass
elif x == 8208:
    pass
elif x == 8209:
    pass
elif x == 8210:
    pass
elif x == 8211:
    pass
elif x == 8212:
    pass
elif x == 8213:
    pass
elif x == 8214:
    pass
elif x == 8215:
    pass
elif x == 8216:
    pass
elif x == 8217:
    pass
elif x == 8218:
    pass
elif x == 8219:
    pass
elif x == 8220:
    pass
elif x == 8221:
    pass
elif x == 8222:
    pass
elif x == 8223:
    pass
elif x == 8224:
    pass
elif x == 8225:
    pass
elif x == 8226:
    pass
elif x == 8227:
    pass
elif x == 8228:
    pass
elif x == 8229:
    pass
elif x == 8230:
    pass
elif x == 8231:
    pass
elif x == 8232:
    pass
elif x == 8233:
    pass
elif x == 8234:
    pass
elif x == 8235:
    pass
elif x == 8236:
    pass
elif x == 8237:
    pass
elif x == 8238:
    pass
elif x == 8239:
    pass
elif x == 8240:
    pass
elif x == 8241:
    pass
elif x == 8242:
    pass
elif x == 8243:
    pass
elif x == 8244:
    pass
elif x == 8245:
    pass
elif x == 8246:
    pass
elif x == 8247:
    pass
elif x == 8248:
    pass
elif x == 8249:
    pass
elif x == 8250:
    pass
elif x == 8251:
    pass
elif x == 8252:
    pass
elif x == 8253:
    pass
elif x == 8254:
    pass
elif x == 8255:
    pass
elif x == 8256:
    pass
elif x == 8257:
    pass
elif x == 8258:
    pass
elif x == 8259:
    pass
elif x == 8260:
    pass
elif x == 8261:
    pass
elif x == 8262:
    pass
elif x == 8263:
    pass
elif x == 8264:
    pass
elif x == 8265:
    pass
elif x == 8266:
    pass
elif x == 8267:
    pass
elif x == 8268:
    pass
elif x == 8269:
    pass
elif x == 8270:
    pass
elif x == 8271:
    pass
elif x == 8272:
    pass
elif x == 8273:
    pass
elif x == 8274:
    pass
elif x == 8275:
    pass
elif x == 8276:
    pass
elif x == 8277:
    pass
elif x == 8278:
    pass
elif x == 8279:
    pass
elif x == 8280:
    pass
elif x == 8281:
    pass
elif x == 8282:
    pass
elif x == 8283:
    pass
elif x == 8284:
    pass
elif x == 8285:
    pass
elif x == 8286:
    pass
elif x == 8287:
    pass
elif x == 8288:
    pass
elif x == 8289:
    pass
elif x == 8290:
    pass
elif x == 8291:
    pass
elif x == 8292:
    pass
elif x == 8293:
    pass
elif x == 8294:
    pass
elif x == 8295:
    pass
elif x == 8296:
    pass
elif x == 8297:
    pass
elif x == 8298:
    pass
elif x == 8299:
    pass
elif x == 8300:
    pass
elif x == 8301:
    pass
elif x == 8302:
    pass
elif x == 8303:
    pass
elif x == 8304:
    pass
elif x == 8305:
    pass
elif x == 8306:
    pass
elif x == 8307:
    pass
elif x == 8308:
    pass
elif x == 8309:
    pass
elif x == 8310:
    pass
elif x == 8311:
    pass
elif x == 8312:
    pass
elif x == 8313:
    pass
elif x == 8314:
    pass
elif x == 8315:
    pass
elif x == 8316:
    pass
elif x == 8317:
    pass
elif x == 8318:
    pass
elif x == 8319:
    pass
elif x == 8320:
    pass
elif x == 8321:
    pass
elif x == 8322:
    pass
elif x == 8323:
    pass
elif x == 8324:
    pass
elif x == 8325:
    pass
elif x == 8326:
    pass
elif x == 8327:
    pass
elif x == 8328:
    pass
elif x == 8329:
    pass
elif x == 8330:
    pass
elif x == 8331:
    pass
elif x == 8332:
    pass
elif x == 8333:
    pass
elif x == 8334:
    pass
elif x == 8335:
    pass
elif x == 8336:
    pass
elif x == 8337:
    pass
elif x == 8338:
    pass
elif x == 8339:
    pass
elif x == 8340:
    pass
elif x == 8341:
    pass
elif x == 8342:
    pass
elif x == 8343:
    pass
elif x == 8344:
    pass
elif x == 8345:
    pass
elif x == 8346:
    pass
elif x == 8347:
    pass
elif x == 8348:
    pass
elif x == 8349:
    pass
elif x == 8350:
    pass
elif x == 8351:
    pass
elif x == 8352:
    pass
elif x == 8353:
    pass
elif x == 8354:
    pass
elif x == 8355:
    pass
elif x == 8356:
    pass
elif x == 8357:
    pass
elif x == 8358:
    pass
elif x == 8359:
    pass
elif x == 8360:
    pass
elif x == 8361:
    pass
elif x == 8362:
    pass
elif x == 8363:
    pass
elif x == 8364:
    pass
elif x == 8365:
    pass
elif x == 8366:
    pass
elif x == 8367:
    pass
elif x == 8368:
    pass
elif x == 8369:
    pass
elif x == 8370:
    pass
elif x == 8371:
    pass
elif x == 8372:
    pass
elif x == 8373:
    pass
elif x == 8374:
    pass
elif x == 8375:
    pass
elif x == 8376:
    pass
elif x == 8377:
    pass
elif x == 8378:
    pass
elif x == 8379:
    pass
elif x == 8380:
    pass
elif x == 8381:
    pass
elif x == 8382:
    pass
elif x == 8383:
    pass
elif x == 8384:
    pass
elif x == 8385:
    pass
elif x == 8386:
    pass
elif x == 8387:
    pass
elif x == 8388:
    pass
elif x == 8389:
    pass
elif x == 8390:
    pass
elif x == 8391:
    pass
elif x == 8392:
    pass
elif x == 8393:
    pass
elif x == 8394:
    pass
elif x == 8395:
    pass
elif x == 8396:
    pass
elif x == 8397:
    pass
elif x == 8398:
    pass
elif x == 8399:
    pass
elif x == 8400:
    pass
elif x == 8401:
    pass
elif x == 8402:
    pass
elif x == 8403:
    pass
elif x == 8404:
    pass
elif x == 8405:
    pass
elif x == 8406:
    pass
elif x == 8407:
    pass
elif x == 8408:
    pass
elif x == 8409:
    pass
elif x == 8410:
    pass
elif x == 8411:
    pass
elif x == 8412:
    pass
elif x == 8413:
    pass
elif x == 8414:
    pass
elif x == 8415:
    pass
elif x == 8416:
    pass
elif x == 8417:
    pass
elif x == 8418:
    pass
elif x == 8419:
    pass
elif x == 8420:
    pass
elif x == 8421:
    pass
elif x == 8422:
    pass
elif x == 8423:
    pass
elif x == 8424:
    pass
elif x == 8425:
    pass
elif x == 8426:
    pass
elif x == 8427:
    pass
elif x == 8428:
    pass
elif x == 8429:
    pass
elif x == 8430:
    pass
elif x == 8431:
    pass
elif x == 8432:
    pass
elif x == 8433:
    pass
elif x == 8434:
    pass
elif x == 8435:
    pass
elif x == 8436:
    pass
elif x == 8437:
    pass
elif x == 8438:
    pass
elif x == 8439:
    pass
elif x == 8440:
    pass
elif x == 8441:
    pass
elif x == 8442:
    pass
elif x == 8443:
    pass
elif x == 8444:
    pass
elif x == 8445:
    pass
elif x == 8446:
    pass
elif x == 8447:
    pass
elif x == 8448:
    pass
elif x == 8449:
    pass
elif x == 8450:
    pass
elif x == 8451:
    pass
elif x == 8452:
    pass
elif x == 8453:
    pass
elif x == 8454:
    pass
elif x == 8455:
    pass
elif x == 8456:
    pass
elif x == 8457:
    pass
elif x == 8458:
    pass
elif x == 8459:
    pass
elif x == 8460:
    pass
elif x == 8461:
    pass
elif x == 8462:
    pass
elif x == 8463:
    pass
elif x == 8464:
    pass
elif x == 8465:
    pass
elif x == 8466:
    pass
elif x == 8467:
    pass
elif x == 8468:
    pass
elif x == 8469:
    pass
elif x == 8470:
    pass
elif x == 8471:
    pass
elif x == 8472:
    pass
elif x == 8473:
    pass
elif x == 8474:
    pass
elif x == 8475:
    pass
elif x == 8476:
    pass
elif x == 8477:
    pass
elif x == 8478:
    pass
elif x == 8479:
    pass
elif x == 8480:
    pass
elif x == 8481:
    pass
elif x == 8482:
    pass
elif x == 8483:
    pass
elif x == 8484:
    pass
elif x == 8485:
    pass
elif x == 8486:
    pass
elif x == 8487:
    pass
elif x == 8488:
    pass
elif x == 8489:
    pass
elif x == 8490:
    pass
elif x == 8491:
    pass
elif x == 8492:
    pass
elif x == 8493:
    pass
elif x == 8494:
    pass
elif x == 8495:
    pass
elif x == 8496:
    pass
elif x == 8497:
    pass
elif x == 8498:
    pass
elif x == 8499:
    pass
elif x == 8500:
    pass
elif x == 8501:
    pass
elif x == 8502:
    pass
elif x == 8503:
    pass
elif x == 8504:
    pass
elif x == 8505:
    pass
elif x == 8506:
    pass
elif x == 8507:
    pass
elif x == 8508:
    pass
elif x == 8509:
    pass
elif x == 8510:
    pass
elif x == 8511:
    pass
elif x == 8512:
    pass
elif x == 8513:
    pass
elif x == 8514:
    pass
elif x == 8515:
    pass
elif x == 8516:
    pass
elif x == 8517:
    pass
elif x == 8518:
    pass
elif x == 8519:
    pass
elif x == 8520:
    pass
elif x == 8521:
    pass
elif x == 8522:
    pass
elif x == 8523:
    pass
elif x == 8524:
    pass
elif x == 8525:
    pass
elif x == 8526:
    pass
elif x == 8527:
    pass
elif x == 8528:
    pass
elif x == 8529:
    pass
elif x == 8530:
    pass
elif x == 8531:
    pass
elif x == 8532:
    pass
elif x == 8533:
    pass
elif x == 8534:
    pass
elif x == 8535:
    pass
elif x == 8536:
    pass
elif x == 8537:
    pass
elif x == 8538:
    pass
elif x == 8539:
    pass
elif x == 8540:
    pass
elif x == 8541:
    pass
elif x == 8542:
    pass
elif x == 8543:
    pass
elif x == 8544:
    pass
elif x == 8545:
    pass
elif x == 8546:
    pass
elif x == 8547:
    pass
elif x == 8548:
    pass
elif x == 8549:
    pass
elif x == 8550:
    pass
elif x == 8551:
    pass
elif x == 8552:
    pass
elif x == 8553:
    pass
elif x == 8554:
    pass
elif x == 8555:
    pass
elif x == 8556:
    pass
elif x == 8557:
    pass
elif x == 8558:
    pass
elif x == 8559:
    pass
elif x == 8560:
    pass
elif x == 8561:
    pass
elif x == 8562:
    pass
elif x == 8563:
    pass
elif x == 8564:
    pass
elif x == 8565:
    pass
elif x == 8566:
    pass
elif x == 8567:
    pass
elif x == 8568:
    pass
elif x == 8569:
    pass
elif x == 8570:
    pass
elif x == 8571:
    pass
elif x == 8572:
    pass
elif x == 8573:
    pass
elif x == 8574:
    pass
elif x == 8575:
    pass
elif x == 8576:
    pass
elif x == 8577:
    pass
elif x == 8578:
    pass
elif x == 8579:
    pass
elif x == 8580:
    pass
elif x == 8581:
    pass
elif x == 8582:
    pass
elif x == 8583:
    pass
elif x == 8584:
    pass
elif x == 8585:
    pass
elif x == 8586:
    pass
elif x == 8587:
    pass
elif x == 8588:
    pass
elif x == 8589:
    pass
elif x == 8590:
    pass
elif x == 8591:
    pass
elif x == 8592:
    pass
elif x == 8593:
    pass
elif x == 8594:
    pass
elif x == 8595:
    pass
elif x == 8596:
    pass
elif x == 8597:
    pass
elif x == 8598:
    pass
elif x == 8599:
    pass
elif x == 8600:
    pass
elif x == 8601:
    pass
elif x == 8602:
    pass
elif x == 8603:
    pass
elif x == 8604:
    pass
elif x == 8605:
    pass
elif x == 8606:
    pass
elif x == 8607:
    pass
elif x == 8608:
    pass
elif x == 8609:
    pass
elif x == 8610:
    pass
elif x == 8611:
    pass
elif x == 8612:
    pass
elif x == 8613:
    pass
elif x == 8614:
    pass
elif x == 8615:
    pass
elif x == 8616:
    pass
elif x == 8617:
    pass
elif x == 8618:
    pass
elif x == 8619:
    pass
elif x == 8620:
    pass
elif x == 8621:
    pass
elif x == 8622:
    pass
elif x == 8623:
    pass
elif x == 8624:
    pass
elif x == 8625:
    pass
elif x == 8626:
    pass
elif x == 8627:
    pass
elif x == 8628:
    pass
elif x == 8629:
    pass
elif x == 8630:
    pass
elif x == 8631:
    pass
elif x == 8632:
    pass
elif x == 8633:
    pass
elif x == 8634:
    pass
elif x == 8635:
    pass
elif x == 8636:
    pass
elif x == 8637:
    pass
elif x == 8638:
    pass
elif x == 8639:
    pass
elif x == 8640:
    pass
elif x == 8641:
    pass
elif x == 8642:
    pass
elif x == 8643:
    pass
elif x == 8644:
    pass
elif x == 8645:
    pass
elif x == 8646:
    pass
elif x == 8647:
    pass
elif x == 8648:
    pass
elif x == 8649:
    pass
elif x == 8650:
    pass
elif x == 8651:
    pass
elif x == 8652:
    pass
elif x == 8653:
    pass
elif x == 8654:
    pass
elif x == 8655:
    pass
elif x == 8656:
    pass
elif x == 8657:
    pass
elif x == 8658:
    pass
elif x == 8659:
    pass
elif x == 8660:
    pass
elif x == 8661:
    pass
elif x == 8662:
    pass
elif x == 8663:
    pass
elif x == 8664:
    pass
elif x == 8665:
    pass
elif x == 8666:
    pass
elif x == 8667:
    pass
elif x == 8668:
    pass
elif x == 8669:
    pass
elif x == 8670:
    pass
elif x == 8671:
    pass
elif x == 8672:
    pass
elif x == 8673:
    pass
elif x == 8674:
    pass
elif x == 8675:
    pass
elif x == 8676:
    pass
elif x == 8677:
    pass
elif x == 8678:
    pass
elif x == 8679:
    pass
elif x == 8680:
    pass
elif x == 8681:
    pass
elif x == 8682:
    pass
elif x == 8683:
    pass
elif x == 8684:
    pass
elif x == 8685:
    pass
elif x == 8686:
    pass
elif x == 8687:
    pass
elif x == 8688:
    pass
elif x == 8689:
    pass
elif x == 8690:
    pass
elif x == 8691:
    pass
elif x == 8692:
    pass
elif x == 8693:
    pass
elif x == 8694:
    pass
elif x == 8695:
    pass
elif x == 8696:
    pass
elif x == 8697:
    pass
elif x == 8698:
    pass
elif x == 8699:
    pass
elif x == 8700:
    pass
elif x == 8701:
    pass
elif x == 8702:
    pass
elif x == 8703:
    pass
elif x == 8704:
    pass
elif x == 8705:
    pass
elif x == 8706:
    pass
elif x == 8707:
    pass
elif x == 8708:
    pass
elif x == 8709:
    pass
elif x == 8710:
    pass
elif x == 8711:
    pass
elif x == 8712:
    pass
elif x == 8713:
    pass
elif x == 8714:
    pass
elif x == 8715:
    pass
elif x == 8716:
    pass
elif x == 8717:
    pass
elif x == 8718:
    pass
elif x == 8719:
    pass
elif x == 8720:
    pass
elif x == 8721:
    pass
elif x == 8722:
    pass
elif x == 8723:
    pass
elif x == 8724:
    pass
elif x == 8725:
    pass
elif x == 8726:
    pass
elif x == 8727:
    pass
elif x == 8728:
    pass
elif x == 8729:
    pass
elif x == 8730:
    pass
elif x == 8731:
    pass
elif x == 8732:
    pass
elif x == 8733:
    pass
elif x == 8734:
    pass
elif x == 8735:
    pass
elif x == 8736:
    pass
elif x == 8737:
    pass
elif x == 8738:
    pass
elif x == 8739:
    pass
elif x == 8740:
    pass
elif x == 8741:
    pass
elif x == 8742:
    pass
elif x == 8743:
    pass
elif x == 8744:
    pass
elif x == 8745:
    pass
elif x == 8746:
    pass
elif x == 8747:
    pass
elif x == 8748:
    pass
elif x == 8749:
    pass
elif x == 8750:
    pass
elif x == 8751:
    pass
elif x == 8752:
    pass
elif x == 8753:
    pass
elif x == 8754:
    pass
elif x == 8755:
    pass
elif x == 8756:
    pass
elif x == 8757:
    pass
elif x == 8758:
    pass
elif x == 8759:
    pass
elif x == 8760:
    pass
elif x == 8761:
    pass
elif x == 8762:
    pass
elif x == 8763:
    pass
elif x == 8764:
    pass
elif x == 8765:
    pass
elif x == 8766:
    pass
elif x == 8767:
    pass
elif x == 8768:
    pass
elif x == 8769:
    pass
elif x == 8770:
    pass
elif x == 8771:
    pass
elif x == 8772:
    pass
elif x == 8773:
    pass
elif x == 8774:
    pass
elif x == 8775:
    pass
elif x == 8776:
    pass
elif x == 8777:
    pass
elif x == 8778:
    pass
elif x == 8779:
    pass
elif x == 8780:
    pass
elif x == 8781:
    pass
elif x == 8782:
    pass
elif x == 8783:
    pass
elif x == 8784:
    pass
elif x == 8785:
    pass
elif x == 8786:
    pass
elif x == 8787:
    pass
elif x == 8788:
    pass
elif x == 8789:
    pass
elif x == 8790:
    pass
elif x == 8791:
    pass
elif x == 8792:
    pass
elif x == 8793:
    pass
elif x == 8794:
    pass
elif x == 8795:
    pass
elif x == 8796:
    pass
elif x == 8797:
    pass
elif x == 8798:
    pass
elif x == 8799:
    pass
elif x == 8800:
    pass
elif x == 8801:
    pass
elif x == 8802:
    pass
elif x == 8803:
    pass
elif x == 8804:
    pass
elif x == 8805:
    pass
elif x == 8806:
    pass
elif x == 8807:
    pass
elif x == 8808:
    pass
elif x == 8809:
    pass
elif x == 8810:
    pass
elif x == 8811:
    pass
elif x == 8812:
    pass
elif x == 8813:
    pass
elif x == 8814:
    pass
elif x == 8815:
    pass
elif x == 8816:
    pass
elif x == 8817:
    pass
elif x == 8818:
    pass
elif x == 8819:
    pass
elif x == 8820:
    pass
elif x == 8821:
    pass
elif x == 8822:
    pass
elif x == 8823:
    pass
elif x == 8824:
    pass
elif x == 8825:
    pass
elif x == 8826:
    pass
elif x == 8827:
    pass
elif x == 8828:
    pass
elif x == 8829:
    pass
elif x == 8830:
    pass
elif x == 8831:
    pass
elif x == 8832:
    pass
elif x == 8833:
    pass
elif x == 8834:
    pass
elif x == 8835:
    pass
elif x == 8836:
    pass
elif x == 8837:
    pass
elif x == 8838:
    pass
elif x == 8839:
    pass
elif x == 8840:
    pass
elif x == 8841:
    pass
elif x == 8842:
    pass
elif x == 8843:
    pass
elif x == 8844:
    pass
elif x == 8845:
    pass
elif x == 8846:
    pass
elif x == 8847:
    pass
elif x == 8848:
    pass
elif x == 8849:
    pass
elif x == 8850:
    pass
elif x == 8851:
    pass
elif x == 8852:
    pass
elif x == 8853:
    pass
elif x == 8854:
    pass
elif x == 8855:
    pass
elif x == 8856:
    pass
elif x == 8857:
    pass
elif x == 8858:
    pass
elif x == 8859:
    pass
elif x == 8860:
    pass
elif x == 8861:
    pass
elif x == 8862:
    pass
elif x == 8863:
    pass
elif x == 8864:
    pass
elif x == 8865:
    pass
elif x == 8866:
    pass
elif x == 8867:
    pass
elif x == 8868:
    pass
elif x == 8869:
    pass
elif x == 8870:
    pass
elif x == 8871:
    pass
elif x == 8872:
    pass
elif x == 8873:
    pass
elif x == 8874:
    pass
elif x == 8875:
    pass
elif x == 8876:
    pass
elif x == 8877:
    pass
elif x == 8878:
    pass
elif x == 8879:
    pass
elif x == 8880:
    pass
elif x == 8881:
    pass
elif x == 8882:
    pass
elif x == 8883:
    pass
elif x == 8884:
    pass
elif x == 8885:
    pass
elif x == 8886:
    pass
elif x == 8887:
    pass
elif x == 8888:
    pass
elif x == 8889:
    pass
elif x == 8890:
    pass
elif x == 8891:
    pass
elif x == 8892:
    pass
elif x == 8893:
    pass
elif x == 8894:
    pass
elif x == 8895:
    pass
elif x == 8896:
    pass
elif x == 8897:
    pass
elif x == 8898:
    pass
elif x == 8899:
    pass
elif x == 8900:
    pass
elif x == 8901:
    pass
elif x == 8902:
    pass
elif x == 8903:
    pass
elif x == 8904:
    pass
elif x == 8905:
    pass
elif x == 8906:
    pass
elif x == 8907:
    pass
elif x == 8908:
    pass
elif x == 8909:
    pass
elif x == 8910:
    pass
elif x == 8911:
    pass
elif x == 8912:
    pass
elif x == 8913:
    pass
elif x == 8914:
    pass
elif x == 8915:
    pass
elif x == 8916:
    pass
elif x == 8917:
    pass
elif x == 8918:
    pass
elif x == 8919:
    pass
elif x == 8920:
    pass
elif x == 8921:
    pass
elif x == 8922:
    pass
elif x == 8923:
    pass
elif x == 8924:
    pass
elif x == 8925:
    pass
elif x == 8926:
    pass
elif x == 8927:
    pass
elif x == 8928:
    pass
elif x == 8929:
    pass
elif x == 8930:
    pass
elif x == 8931:
    pass
elif x == 8932:
    pass
elif x == 8933:
    pass
elif x == 8934:
    pass
elif x == 8935:
    pass
elif x == 8936:
    pass
elif x == 8937:
    pass
elif x == 8938:
    pass
elif x == 8939:
    pass
elif x == 8940:
    pass
elif x == 8941:
    pass
elif x == 8942:
    pass
elif x == 8943:
    pass
elif x == 8944:
    pass
elif x == 8945:
    pass
elif x == 8946:
    pass
elif x == 8947:
    pass
elif x == 8948:
    pass
elif x == 8949:
    pass
elif x == 8950:
    pass
elif x == 8951:
    pass
elif x == 8952:
    pass
elif x == 8953:
    pass
elif x == 8954:
    pass
elif x == 8955:
    pass
elif x == 8956:
    pass
elif x == 8957:
    pass
elif x == 8958:
    pass
elif x == 8959:
    pass
elif x == 8960:
    pass
elif x == 8961:
    pass
elif x == 8962:
    pass
elif x == 8963:
    pass
elif x == 8964:
    pass
elif x == 8965:
    pass
elif x == 8966:
    pass
elif x == 8967:
    pass
elif x == 8968:
    pass
elif x == 8969:
    pass
elif x == 8970:
    pass
elif x == 8971:
    pass
elif x == 8972:
    pass
elif x == 8973:
    pass
elif x == 8974:
    pass
elif x == 8975:
    pass
elif x == 8976:
    pass
elif x == 8977:
    pass
elif x == 8978:
    pass
elif x == 8979:
    pass
elif x == 8980:
    pass
elif x == 8981:
    pass
elif x == 8982:
    pass
elif x == 8983:
    pass
elif x == 8984:
    pass
elif x == 8985:
    pass
elif x == 8986:
    pass
elif x == 8987:
    pass
elif x == 8988:
    pass
elif x == 8989:
    pass
elif x == 8990:
    pass
elif x == 8991:
    pass
elif x == 8992:
    pass
elif x == 8993:
    pass
elif x == 8994:
    pass
elif x == 8995:
    pass
elif x == 8996:
    pass
elif x == 8997:
    pass
elif x == 8998:
    pass
elif x == 8999:
    pass
elif x == 9000:
    pass
elif x == 9001:
    pass
elif x == 9002:
    pass
elif x == 9003:
    pass
elif x == 9004:
    pass
elif x == 9005:
    pass
elif x == 9006:
    pass
elif x == 9007:
    pass
elif x == 9008:
    pass
elif x == 9009:
    pass
elif x == 9010:
    pass
elif x == 9011:
    pass
elif x == 9012:
    pass
elif x == 9013:
    pass
elif x == 9014:
    pass
elif x == 9015:
    pass
elif x == 9016:
    pass
elif x == 9017:
    pass
elif x == 9018:
    pass
elif x == 9019:
    pass
elif x == 9020:
    pass
elif x == 9021:
    pass
elif x == 9022:
    pass
elif x == 9023:
    pass
elif x == 9024:
    pass
elif x == 9025:
    pass
elif x == 9026:
    pass
elif x == 9027:
    pass
elif x == 9028:
    pass
elif x == 9029:
    pass
elif x == 9030:
    pass
elif x == 9031:
    pass
elif x == 9032:
    pass
elif x == 9033:
    pass
elif x == 9034:
    pass
elif x == 9035:
    pass
elif x == 9036:
    pass
elif x == 9037:
    pass
elif x == 9038:
    pass
elif x == 9039:
    pass
elif x == 9040:
    pass
elif x == 9041:
    pass
elif x == 9042:
    pass
elif x == 9043:
    pass
elif x == 9044:
    pass
elif x == 9045:
    pass
elif x == 9046:
    pass
elif x == 9047:
    pass
elif x == 9048:
    pass
elif x == 9049:
    pass
elif x == 9050:
    pass
elif x == 9051:
    pass
elif x == 9052:
    pass
elif x == 9053:
    pass
elif x == 9054:
    pass
elif x == 9055:
    pass
elif x == 9056:
    pass
elif x == 9057:
    pass
elif x == 9058:
    pass
elif x == 9059:
    pass
elif x == 9060:
    pass
elif x == 9061:
    pass
elif x == 9062:
    pass
elif x == 9063:
    pass
elif x == 9064:
    pass
elif x == 9065:
    pass
elif x == 9066:
    pass
elif x == 9067:
    pass
elif x == 9068:
    pass
elif x == 9069:
    pass
elif x == 9070:
    pass
elif x == 9071:
    pass
elif x == 9072:
    pass
elif x == 9073:
    pass
elif x == 9074:
    pass
elif x == 9075:
    pass
elif x == 9076:
    pass
elif x == 9077:
    pass
elif x == 9078:
    pass
elif x == 9079:
    pass
elif x == 9080:
    pass
elif x == 9081:
    pass
elif x == 9082:
    pass
elif x == 9083:
    pass
elif x == 9084:
    pass
elif x == 9085:
    pass
elif x == 9086:
    pass
elif x == 9087:
    pass
elif x == 9088:
    pass
elif x == 9089:
    pass
elif x == 9090:
    pass
elif x == 9091:
    pass
elif x == 9092:
    pass
elif x == 9093:
    pass
elif x == 9094:
    pass
elif x == 9095:
    pass
elif x == 9096:
    pass
elif x == 9097:
    pass
elif x == 9098:
    pass
elif x == 9099:
    pass
elif x == 9100:
    pass
elif x == 9101:
    pass
elif x == 9102:
    pass
elif x == 9103:
    pass
elif x == 9104:
    pass
elif x == 9105:
    pass
elif x == 9106:
    pass
elif x == 9107:
    pass
elif x == 9108:
    pass
elif x == 9109:
    pass
elif x == 9110:
    pass
elif x == 9111:
    pass
elif x == 9112:
    pass
elif x == 9113:
    pass
elif x == 9114:
    pass
elif x == 9115:
    pass
elif x == 9116:
    pass
elif x == 9117:
    pass
elif x == 9118:
    pass
elif x == 9119:
    pass
elif x == 9120:
    pass
elif x == 9121:
    pass
elif x == 9122:
    pass
elif x == 9123:
    pass
elif x == 9124:
    pass
elif x == 9125:
    pass
elif x == 9126:
    pass
elif x == 9127:
    pass
elif x == 9128:
    pass
elif x == 9129:
    pass
elif x == 9130:
    pass
elif x == 9131:
    pass
elif x == 9132:
    pass
elif x == 9133:
    pass
elif x == 9134:
    pass
elif x == 9135:
    pass
elif x == 9136:
    pass
elif x == 9137:
    pass
elif x == 9138:
    pass
elif x == 9139:
    pass
elif x == 9140:
    pass
elif x == 9141:
    pass
elif x == 9142:
    pass
elif x == 9143:
    pass
elif x == 9144:
    pass
elif x == 9145:
    pass
elif x == 9146:
    pass
elif x == 9147:
    pass
elif x == 9148:
    pass
elif x == 9149:
    pass
elif x == 9150:
    pass
elif x == 9151:
    pass
elif x == 9152:
    pass
elif x == 9153:
    pass
elif x == 9154:
    pass
elif x == 9155:
    pass
elif x == 9156:
    pass
elif x == 9157:
    pass
elif x == 9158:
    pass
elif x == 9159:
    pass
elif x == 9160:
    pass
elif x == 9161:
    pass
elif x == 9162:
    pass
elif x == 9163:
    pass
elif x == 9164:
    pass
elif x == 9165:
    pass
elif x == 9166:
    pass
elif x == 9167:
    pass
elif x == 9168:
    pass
elif x == 9169:
    pass
elif x == 9170:
    pass
elif x == 9171:
    pass
elif x == 9172:
    pass
elif x == 9173:
    pass
elif x == 9174:
    pass
elif x == 9175:
    pass
elif x == 9176:
    pass
elif x == 9177:
    pass
elif x == 9178:
    pass
elif x == 9179:
    pass
elif x == 9180:
    pass
elif x == 9181:
    pass
elif x == 9182:
    pass
elif x == 9183:
    pass
elif x == 9184:
    pass
elif x == 9185:
    pass
elif x == 9186:
    pass
elif x == 9187:
    pass
elif x == 9188:
    pass
elif x == 9189:
    pass
elif x == 9190:
    pass
elif x == 9191:
    pass
elif x == 9192:
    pass
elif x == 9193:
    pass
elif x == 9194:
    pass
elif x == 9195:
    pass
elif x == 9196:
    pass
elif x == 9197:
    pass
elif x == 9198:
    pass
elif x == 9199:
    pass
elif x == 9200:
    pass
elif x == 9201:
    pass
elif x == 9202:
    pass
elif x == 9203:
    pass
elif x == 9204:
    pass
elif x == 9205:
    pass
elif x == 9206:
    pass
elif x == 9207:
    pass
elif x == 9208:
    pass
elif x == 9209:
    pass
elif x == 9210:
    pass
elif x == 9211:
    pass
elif x == 9212:
    pass
elif x == 9213:
    pass
elif x == 9214:
    pass
elif x == 9215:
    pass
elif x == 9216:
    pass
elif x == 9217:
    pass
elif x == 9218:
    pass
elif x == 9219:
    pass
elif x == 9220:
    pass
elif x == 9221:
    pass
elif x == 9222:
    pass
elif x == 9223:
    pass
elif x == 9224:
    pass
elif x == 9225:
    pass
elif x == 9226:
    pass
elif x == 9227:
    pass
elif x == 9228:
    pass
elif x == 9229:
    pass
elif x == 9230:
    pass
elif x == 9231:
    pass
elif x == 9232:
    pass
elif x == 9233:
    pass
elif x == 9234:
    pass
elif x == 9235:
    pass
elif x == 9236:
    pass
elif x == 9237:
    pass
elif x == 9238:
    pass
elif x == 9239:
    pass
elif x == 9240:
    pass
elif x == 9241:
    pass
elif x == 9242:
    pass
elif x == 9243:
    pass
elif x == 9244:
    pass
elif x == 9245:
    pass
elif x == 9246:
    pass
elif x == 9247:
    pass
elif x == 9248:
    pass
elif x == 9249:
    pass
elif x == 9250:
    pass
elif x == 9251:
    pass
elif x == 9252:
    pass
elif x == 9253:
    pass
elif x == 9254:
    pass
elif x == 9255:
    pass
elif x == 9256:
    pass
elif x == 9257:
    pass
elif x == 9258:
    pass
elif x == 9259:
    pass
elif x == 9260:
    pass
elif x == 9261:
    pass
elif x == 9262:
    pass
elif x == 9263:
    pass
elif x == 9264:
    pass
elif x == 9265:
    pass
elif x == 9266:
    pass
elif x == 9267:
    pass
elif x == 9268:
    pass
elif x == 9269:
    pass
elif x == 9270:
    pass
elif x == 9271:
    pass
elif x == 9272:
    pass
elif x == 9273:
    pass
elif x == 9274:
    pass
elif x == 9275:
    pass
elif x == 9276:
    pass
elif x == 9277:
    pass
elif x == 9278:
    pass
elif x == 9279:
    pass
elif x == 9280:
    pass
elif x == 9281:
    pass
elif x == 9282:
    pass
elif x == 9283:
    pass
elif x == 9284:
    pass
elif x == 9285:
    pass
elif x == 9286:
    pass
elif x == 9287:
    pass
elif x == 9288:
    pass
elif x == 9289:
    pass
elif x == 9290:
    pass
elif x == 9291:
    pass
elif x == 9292:
    pass
elif x == 9293:
    pass
elif x == 9294:
    pass
elif x == 9295:
    pass
elif x == 9296:
    pass
elif x == 9297:
    pass
elif x == 9298:
    pass
elif x == 9299:
    pass
elif x == 9300:
    pass
elif x == 9301:
    pass
elif x == 9302:
    pass
elif x == 9303:
    pass
elif x == 9304:
    pass
elif x == 9305:
    pass
elif x == 9306:
    pass
elif x == 9307:
    pass
elif x == 9308:
    pass
elif x == 9309:
    pass
elif x == 9310:
    pass
elif x == 9311:
    pass
elif x == 9312:
    pass
elif x == 9313:
    pass
elif x == 9314:
    pass
elif x == 9315:
    pass
elif x == 9316:
    pass
elif x == 9317:
    pass
elif x == 9318:
    pass
elif x == 9319:
    pass
elif x == 9320:
    pass
elif x == 9321:
    pass
elif x == 9322:
    pass
elif x == 9323:
    pass
elif x == 9324:
    pass
elif x == 9325:
    pass
elif x == 9326:
    pass
elif x == 9327:
    pass
elif x == 9328:
    pass
elif x == 9329:
    pass
elif x == 9330:
    pass
elif x == 9331:
    pass
elif x == 9332:
    pass
elif x == 9333:
    pass
elif x == 9334:
    pass
elif x == 9335:
    pass
elif x == 9336:
    pass
elif x == 9337:
    pass
elif x == 9338:
    pass
elif x == 9339:
    pass
elif x == 9340:
    pass
elif x == 9341:
    pass
elif x == 9342:
    pass
elif x == 9343:
    pass
elif x == 9344:
    pass
elif x == 9345:
    pass
elif x == 9346:
    pass
elif x == 9347:
    pass
elif x == 9348:
    pass
elif x == 9349:
    pass
elif x == 9350:
    pass
elif x == 9351:
    pass
elif x == 9352:
    pass
elif x == 9353:
    pass
elif x == 9354:
    pass
elif x == 9355:
    pass
elif x == 9356:
    pass
elif x == 9357:
    pass
elif x == 9358:
    pass
elif x == 9359:
    pass
elif x == 9360:
    pass
elif x == 9361:
    pass
elif x == 9362:
    pass
elif x == 9363:
    pass
elif x == 9364:
    pass
elif x == 9365:
    pass
elif x == 9366:
    pass
elif x == 9367:
    pass
elif x == 9368:
    pass
elif x == 9369:
    pass
elif x == 9370:
    pass
elif x == 9371:
    pass
elif x == 9372:
    pass
elif x == 9373:
    pass
elif x == 9374:
    pass
elif x == 9375:
    pass
elif x == 9376:
    pass
elif x == 9377:
    pass
elif x == 9378:
    pass
elif x == 9379:
    pass
elif x == 9380:
    pass
elif x == 9381:
    pass
elif x == 9382:
    pass
elif x == 9383:
    pass
elif x == 9384:
    pass
elif x == 9385:
    pass
elif x == 9386:
    pass
elif x == 9387:
    pass
elif x == 9388:
    pass
elif x == 9389:
    pass
elif x == 9390:
    pass
elif x == 9391:
    pass
elif x == 9392:
    pass
elif x == 9393:
    pass
elif x == 9394:
    pass
elif x == 9395:
    pass
elif x == 9396:
    pass
elif x == 9397:
    pass
elif x == 9398:
    pass
elif x == 9399:
    pass
elif x == 9400:
    pass
elif x == 9401:
    pass
elif x == 9402:
    pass
elif x == 9403:
    pass
elif x == 9404:
    pass
elif x == 9405:
    pass
elif x == 9406:
    pass
elif x == 9407:
    pass
elif x == 9408:
    pass
elif x == 9409:
    pass
elif x == 9410:
    pass
elif x == 9411:
    pass
elif x == 9412:
    pass
elif x == 9413:
    pass
elif x == 9414:
    pass
elif x == 9415:
    pass
elif x == 9416:
    pass
elif x == 9417:
    pass
elif x == 9418:
    pass
elif x == 9419:
    pass
elif x == 9420:
    pass
elif x == 9421:
    pass
elif x == 9422:
    pass
elif x == 9423:
    pass
elif x == 9424:
    pass
elif x == 9425:
    pass
elif x == 9426:
    pass
elif x == 9427:
    pass
elif x == 9428:
    pass
elif x == 9429:
    pass
elif x == 9430:
    pass
elif x == 9431:
    pass
elif x == 9432:
    pass
elif x == 9433:
    pass
elif x == 9434:
    pass
elif x == 9435:
    pass
elif x == 9436:
    pass
elif x == 9437:
    pass
elif x == 9438:
    pass
elif x == 9439:
    pass
elif x == 9440:
    pass
elif x == 9441:
    pass
elif x == 9442:
    pass
elif x == 9443:
    pass
elif x == 9444:
    pass
elif x == 9445:
    pass
elif x == 9446:
    pass
elif x == 9447:
    pass
elif x == 9448:
    pass
elif x == 9449:
    pass
elif x == 9450:
    pass
elif x == 9451:
    pass
elif x == 9452:
    pass
elif x == 9453:
    pass
elif x == 9454:
    pass
elif x == 9455:
    pass
elif x == 9456:
    pass
elif x == 9457:
    pass
elif x == 9458:
    pass
elif x == 9459:
    pass
elif x == 9460:
    pass
elif x == 9461:
    pass
elif x == 9462:
    pass
elif x == 9463:
    pass
elif x == 9464:
    pass
elif x == 9465:
    pass
elif x == 9466:
    pass
elif x == 9467:
    pass
elif x == 9468:
    pass
elif x == 9469:
    pass
elif x == 9470:
    pass
elif x == 9471:
    pass
elif x == 9472:
    pass
elif x == 9473:
    pass
elif x == 9474:
    pass
elif x == 9475:
    pass
elif x == 9476:
    pass
elif x == 9477:
    pass
elif x == 9478:
    pass
elif x == 9479:
    pass
elif x == 9480:
    pass
elif x == 9481:
    pass
elif x == 9482:
    pass
elif x == 9483:
    pass
elif x == 9484:
    pass
elif x == 9485:
    pass
elif x == 9486:
    pass
elif x == 9487:
    pass
elif x == 9488:
    pass
elif x == 9489:
    pass
elif x == 9490:
    pass
elif x == 9491:
    pass
elif x == 9492:
    pass
elif x == 9493:
    pass
elif x == 9494:
    pass
elif x == 9495:
    pass
elif x == 9496:
    pass
elif x == 9497:
    pass
elif x == 9498:
    pass
elif x == 9499:
    pass
elif x == 9500:
    pass
elif x == 9501:
    pass
elif x == 9502:
    pass
elif x == 9503:
    pass
elif x == 9504:
    pass
elif x == 9505:
    pass
elif x == 9506:
    pass
elif x == 9507:
    pass
elif x == 9508:
    pass
elif x == 9509:
    pass
elif x == 9510:
    pass
elif x == 9511:
    pass
elif x == 9512:
    pass
elif x == 9513:
    pass
elif x == 9514:
    pass
elif x == 9515:
    pass
elif x == 9516:
    pass
elif x == 9517:
    pass
elif x == 9518:
    pass
elif x == 9519:
    pass
elif x == 9520:
    pass
elif x == 9521:
    pass
elif x == 9522:
    pass
elif x == 9523:
    pass
elif x == 9524:
    pass
elif x == 9525:
    pass
elif x == 9526:
    pass
elif x == 9527:
    pass
elif x == 9528:
    pass
elif x == 9529:
    pass
elif x == 9530:
    pass
elif x == 9531:
    pass
elif x == 9532:
    pass
elif x == 9533:
    pass
elif x == 9534:
    pass
elif x == 9535:
    pass
elif x == 9536:
    pass
elif x == 9537:
    pass
elif x == 9538:
    pass
elif x == 9539:
    pass
elif x == 9540:
    pass
elif x == 9541:
    pass
elif x == 9542:
    pass
elif x == 9543:
    pass
elif x == 9544:
    pass
elif x == 9545:
    pass
elif x == 9546:
    pass
elif x == 9547:
    pass
elif x == 9548:
    pass
elif x == 9549:
    pass
elif x == 9550:
    pass
elif x == 9551:
    pass
elif x == 9552:
    pass
elif x == 9553:
    pass
elif x == 9554:
    pass
elif x == 9555:
    pass
elif x == 9556:
    pass
elif x == 9557:
    pass
elif x == 9558:
    pass
elif x == 9559:
    pass
elif x == 9560:
    pass
elif x == 9561:
    pass
elif x == 9562:
    pass
elif x == 9563:
    pass
elif x == 9564:
    pass
elif x == 9565:
    pass
elif x == 9566:
    pass
elif x == 9567:
    pass
elif x == 9568:
    pass
elif x == 9569:
    pass
elif x == 9570:
    pass
elif x == 9571:
    pass
elif x == 9572:
    pass
elif x == 9573:
    pass
elif x == 9574:
    pass
elif x == 9575:
    pass
elif x == 9576:
    pass
elif x == 9577:
    pass
elif x == 9578:
    pass
elif x == 9579:
    pass
elif x == 9580:
    pass
elif x == 9581:
    pass
elif x == 9582:
    pass
elif x == 9583:
    pass
elif x == 9584:
    pass
elif x == 9585:
    pass
elif x == 9586:
    pass
elif x == 9587:
    pass
elif x == 9588:
    pass
elif x == 9589:
    pass
elif x == 9590:
    pass
elif x == 9591:
    pass
elif x == 9592:
    pass
elif x == 9593:
    pass
elif x == 9594:
    pass
elif x == 9595:
    pass
elif x == 9596:
    pass
elif x == 9597:
    pass
elif x == 9598:
    pass
elif x == 9599:
    pass
elif x == 9600:
    pass
elif x == 9601:
    pass
elif x == 9602:
    pass
elif x == 9603:
    pass
elif x == 9604:
    pass
elif x == 9605:
    pass
elif x == 9606:
    pass
elif x == 9607:
    pass
elif x == 9608:
    pass
elif x == 9609:
    pass
elif x == 9610:
    pass
elif x == 9611:
    pass
elif x == 9612:
    pass
elif x == 9613:
    pass
elif x == 9614:
    pass
elif x == 9615:
    pass
elif x == 9616:
    pass
elif x == 9617:
    pass
elif x == 9618:
    pass
elif x == 9619:
    pass
elif x == 9620:
    pass
elif x == 9621:
    pass
elif x == 9622:
    pass
elif x == 9623:
    pass
elif x == 9624:
    pass
elif x == 9625:
    pass
elif x == 9626:
    pass
elif x == 9627:
    pass
elif x == 9628:
    pass
elif x == 9629:
    pass
elif x == 9630:
    pass
elif x == 9631:
    pass
elif x == 9632:
    pass
elif x == 9633:
    pass
elif x == 9634:
    pass
elif x == 9635:
    pass
elif x == 9636:
    pass
elif x == 9637:
    pass
elif x == 9638:
    pass
elif x == 9639:
    pass
elif x == 9640:
    pass
elif x == 9641:
    pass
elif x == 9642:
    pass
elif x == 9643:
    pass
elif x == 9644:
    pass
elif x == 9645:
    pass
elif x == 9646:
    pass
elif x == 9647:
    pass
elif x == 9648:
    pass
elif x == 9649:
    pass
elif x == 9650:
    pass
elif x == 9651:
    pass
elif x == 9652:
    pass
elif x == 9653:
    pass
elif x == 9654:
    pass
elif x == 9655:
    pass
elif x == 9656:
    pass
elif x == 9657:
    pass
elif x == 9658:
    pass
elif x == 9659:
    pass
elif x == 9660:
    pass
elif x == 9661:
    pass
elif x == 9662:
    pass
elif x == 9663:
    pass
elif x == 9664:
    pass
elif x == 9665:
    pass
elif x == 9666:
    pass
elif x == 9667:
    pass
elif x == 9668:
    pass
elif x == 9669:
    pass
elif x == 9670:
    pass
elif x == 9671:
    pass
elif x == 9672:
    pass
elif x == 9673:
    pass
elif x == 9674:
    pass
elif x == 9675:
    pass
elif x == 9676:
    pass
elif x == 9677:
    pass
elif x == 9678:
    pass
elif x == 9679:
    pass
elif x == 9680:
    pass
elif x == 9681:
    pass
elif x == 9682:
    pass
elif x == 9683:
    pass
elif x == 9684:
    pass
elif x == 9685:
    pass
elif x == 9686:
    pass
elif x == 9687:
    pass
elif x == 9688:
    pass
elif x == 9689:
    pass
elif x == 9690:
    pass
elif x == 9691:
    pass
elif x == 9692:
    pass
elif x == 9693:
    pass
elif x == 9694:
    pass
elif x == 9695:
    pass
elif x == 9696:
    pass
elif x == 9697:
    pass
elif x == 9698:
    pass
elif x == 9699:
    pass
elif x == 9700:
    pass
elif x == 9701:
    pass
elif x == 9702:
    pass
elif x == 9703:
    pass
elif x == 9704:
    pass
elif x == 9705:
    pass
elif x == 9706:
    pass
elif x == 9707:
    pass
elif x == 9708:
    pass
elif x == 9709:
    pass
elif x == 9710:
    pass
elif x == 9711:
    pass
elif x == 9712:
    pass
elif x == 9713:
    pass
elif x == 9714:
    pass
elif x == 9715:
    pass
elif x == 9716:
    pass
elif x == 9717:
    pass
elif x == 9718:
    pass
elif x == 9719:
    pass
elif x == 9720:
    pass
elif x == 9721:
    pass
elif x == 9722:
    pass
elif x == 9723:
    pass
elif x == 9724:
    pass
elif x == 9725:
    pass
elif x == 9726:
    pass
elif x == 9727:
    pass
elif x == 9728:
    pass
elif x == 9729:
    pass
elif x == 9730:
    pass
elif x == 9731:
    pass
elif x == 9732:
    pass
elif x == 9733:
    pass
elif x == 9734:
    pass
elif x == 9735:
    pass
elif x == 9736:
    pass
elif x == 9737:
    pass
elif x == 9738:
    pass
elif x == 9739:
    pass
elif x == 9740:
    pass
elif x == 9741:
    pass
elif x == 9742:
    pass
elif x == 9743:
    pass
elif x == 9744:
    pass
elif x == 9745:
    pass
elif x == 9746:
    pass
elif x == 9747:
    pass
elif x == 9748:
    pass
elif x == 9749:
    pass
elif x == 9750:
    pass
elif x == 9751:
    pass
elif x == 9752:
    pass
elif x == 9753:
    pass
elif x == 9754:
    pass
elif x == 9755:
    pass
elif x == 9756:
    pass
elif x == 9757:
    pass
elif x == 9758:
    pass
elif x == 9759:
    pass
elif x == 9760:
    pass
elif x == 9761:
    pass
elif x == 9762:
    pass
elif x == 9763:
    pass
elif x == 9764:
    pass
elif x == 9765:
    pass
elif x == 9766:
    pass
elif x == 9767:
    pass
elif x == 9768:
    pass
elif x == 9769:
    pass
elif x == 9770:
    pass
elif x == 9771:
    pass
elif x == 9772:
    pass
elif x == 9773:
    pass
elif x == 9774:
    pass
elif x == 9775:
    pass
elif x == 9776:
    pass
elif x == 9777:
    pass
elif x == 9778:
    pass
elif x == 9779:
    pass
elif x == 9780:
    pass
elif x == 9781:
    pass
elif x == 9782:
    pass
elif x == 9783:
    pass
elif x == 9784:
    pass
elif x == 9785:
    pass
elif x == 9786:
    pass
elif x == 9787:
    pass
elif x == 9788:
    pass
elif x == 9789:
    pass
elif x == 9790:
    pass
elif x == 9791:
    pass
elif x == 9792:
    pass
elif x == 9793:
    pass
elif x == 9794:
    pass
elif x == 9795:
    pass
elif x == 9796:
    pass
elif x == 9797:
    pass
elif x == 9798:
    pass
elif x == 9799:
    pass
elif x == 9800:
    pass
elif x == 9801:
    pass
elif x == 9802:
    pass
elif x == 9803:
    pass
elif x == 9804:
    pass
elif x == 9805:
    pass
elif x == 9806:
    pass
elif x == 9807:
    pass
elif x == 9808:
    pass
elif x == 9809:
    pass
elif x == 9810:
    pass
elif x == 9811:
    pass
elif x == 9812:
    pass
elif x == 9813:
    pass
elif x == 9814:
    pass
elif x == 9815:
    pass
elif x == 9816:
    pass
elif x == 9817:
    pass
elif x == 9818:
    pass
elif x == 9819:
    pass
elif x == 9820:
    pass
elif x == 9821:
    pass
elif x == 9822:
    pass
elif x == 9823:
    pass
elif x == 9824:
    pass
elif x == 9825:
    pass
elif x == 9826:
    pass
elif x == 9827:
    pass
elif x == 9828:
    pass
elif x == 9829:
    pass
elif x == 9830:
    pass
elif x == 9831:
    pass
elif x == 9832:
    pass
elif x == 9833:
    pass
elif x == 9834:
    pass
elif x == 9835:
    pass
elif x == 9836:
    pass
elif x == 9837:
    pass
elif x == 9838:
    pass
elif x == 9839:
    pass
elif x == 9840:
    pass
elif x == 9841:
    pass
elif x == 9842:
    pass
elif x == 9843:
    pass
elif x == 9844:
    pass
elif x == 9845:
    pass
elif x == 9846:
    pass
elif x == 9847:
    pass
elif x == 9848:
    pass
elif x == 9849:
    pass
elif x == 9850:
    pass
elif x == 9851:
    pass
elif x == 9852:
    pass
elif x == 9853:
    pass
elif x == 9854:
    pass
elif x == 9855:
    pass
elif x == 9856:
    pass
elif x == 9857:
    pass
elif x == 9858:
    pass
elif x == 9859:
    pass
elif x == 9860:
    pass
elif x == 9861:
    pass
elif x == 9862:
    pass
elif x == 9863:
    pass
elif x == 9864:
    pass
elif x == 9865:
    pass
elif x == 9866:
    pass
elif x == 9867:
    pass
elif x == 9868:
    pass
elif x == 9869:
    pass
elif x == 9870:
    pass
elif x == 9871:
    pass
elif x == 9872:
    pass
elif x == 9873:
    pass
elif x == 9874:
    pass
elif x == 9875:
    pass
elif x == 9876:
    pass
elif x == 9877:
    pass
elif x == 9878:
    pass
elif x == 9879:
    pass
elif x == 9880:
    pass
elif x == 9881:
    pass
elif x == 9882:
    pass
elif x == 9883:
    pass
elif x == 9884:
    pass
elif x == 9885:
    pass
elif x == 9886:
    pass
elif x == 9887:
    pass
elif x == 9888:
    pass
elif x == 9889:
    pass
elif x == 9890:
    pass
elif x == 9891:
    pass
elif x == 9892:
    pass
elif x == 9893:
    pass
elif x == 9894:
    pass
elif x == 9895:
    pass
elif x == 9896:
    pass
elif x == 9897:
    pass
elif x == 9898:
    pass
elif x == 9899:
    pass
elif x == 9900:
    pass
elif x == 9901:
    pass
elif x == 9902:
    pass
elif x == 9903:
    pass
elif x == 9904:
    pass
elif x == 9905:
    pass
elif x == 9906:
    pass
elif x == 9907:
    pass
elif x == 9908:
    pass
elif x == 9909:
    pass
elif x == 9910:
    pass
elif x == 9911:
    pass
elif x == 9912:
    pass
elif x == 9913:
    pass
elif x == 9914:
    pass
elif x == 9915:
    pass
elif x == 9916:
    pass
elif x == 9917:
    pass
elif x == 9918:
    pass
elif x == 9919:
    pass
elif x == 9920:
    pass
elif x == 9921:
    pass
elif x == 9922:
    pass
elif x == 9923:
    pass
elif x == 9924:
    pass
elif x == 9925:
    pass
elif x == 9926:
    pass
elif x == 9927:
    pass
elif x == 9928:
    pass
elif x == 9929:
    pass
elif x == 9930:
    pass
elif x == 9931:
    pass
elif x == 9932:
    pass
elif x == 9933:
    pass
elif x == 9934:
    pass
elif x == 9935:
    pass
elif x == 9936:
    pass
elif x == 9937:
    pass
elif x == 9938:
    pass
elif x == 9939:
    pass
elif x == 9940:
    pass
elif x == 9941:
    pass
elif x == 9942:
    pass
elif x == 9943:
    pass
elif x == 9944:
    pass
elif x == 9945:
    pass
elif x == 9946:
    pass
elif x == 9947:
    pass
elif x == 9948:
    pass
elif x == 9949:
    pass
elif x == 9950:
    pass
elif x == 9951:
    pass
elif x == 9952:
    pass
elif x == 9953:
    pass
elif x == 9954:
    pass
elif x == 9955:
    pass
elif x == 9956:
    pass
elif x == 9957:
    pass
elif x == 9958:
    pass
elif x == 9959:
    pass
elif x == 9960:
    pass
elif x == 9961:
    pass
elif x == 9962:
    pass
elif x == 9963:
    pass
elif x == 9964:
    pass
elif x == 9965:
    pass
elif x == 9966:
    pass
elif x == 9967:
    pass
elif x == 9968:
    pass
elif x == 9969:
    pass
elif x == 9970:
    pass
elif x == 9971:
    pass
elif x == 9972:
    pass
elif x == 9973:
    pass
elif x == 9974:
    pass
elif x == 9975:
    pass
elif x == 9976:
    pass
elif x == 9977:
    pass
elif x == 9978:
    pass
elif x == 9979:
    pass
elif x == 9980:
    pass
elif x == 9981:
    pass
elif x == 9982:
    pass
elif x == 9983:
    pass
elif x == 9984:
    pass
elif x == 9985:
    pass
elif x == 9986:
    pass
elif x == 9987:
    pass
elif x == 9988:
    pass
elif x == 9989:
    pass
elif x == 9990:
    pass
elif x == 9991:
    pass
elif x == 9992:
    pass
elif x == 9993:
    pass
elif x == 9994:
    pass
elif x == 9995:
    pass
elif x == 9996:
    pass
elif x == 9997:
    pass
elif x == 9998:
    pass
elif x == 9999:
    pass
elif x == 10000:
    pass
elif x == 10001:
    pass
elif x == 10002:
    pass
elif x == 10003:
    pass
elif x == 10004:
    pass
elif x == 10005:
    pass
elif x == 10006:
    pass
elif x == 10007:
    pass
elif x == 10008:
    pass
elif x == 10009:
    pass
elif x == 10010:
    pass
elif x == 10011:
    pass
elif x == 10012:
    pass
elif x == 10013:
    pass
elif x == 10014:
    pass
elif x == 10015:
    pass
elif x == 10016:
    pass
elif x == 10017:
    pass
elif x == 10018:
    pass
elif x == 10019:
    pass
elif x == 10020:
    pass
elif x == 10021:
    pass
elif x == 10022:
    pass
elif x == 10023:
    pass
elif x == 10024:
    pass
elif x == 10025:
    pass
elif x == 10026:
    pass
elif x == 10027:
    pass
elif x == 10028:
    pass
elif x == 10029:
    pass
elif x == 10030:
    pass
elif x == 10031:
    pass
elif x == 10032:
    pass
elif x == 10033:
    pass
elif x == 10034:
    pass
elif x == 10035:
    pass
elif x == 10036:
    pass
elif x == 10037:
    pass
elif x == 10038:
    pass
elif x == 10039:
    pass
elif x == 10040:
    pass
elif x == 10041:
    pass
elif x == 10042:
    pass
elif x == 10043:
    pass
elif x == 10044:
    pass
elif x == 10045:
    pass
elif x == 10046:
    pass
elif x == 10047:
    pass
elif x == 10048:
    pass
elif x == 10049:
    pass
elif x == 10050:
    pass
elif x == 10051:
    pass
elif x == 10052:
    pass
elif x == 10053:
    pass
elif x == 10054:
    pass
elif x == 10055:
    pass
elif x == 10056:
    pass
elif x == 10057:
    pass
elif x == 10058:
    pass
elif x == 10059:
    pass
elif x == 10060:
    pass
elif x == 10061:
    pass
elif x == 10062:
    pass
elif x == 10063:
    pass
elif x == 10064:
    pass
elif x == 10065:
    pass
elif x == 10066:
    pass
elif x == 10067:
    pass
elif x == 10068:
    pass
elif x == 10069:
    pass
elif x == 10070:
    pass
elif x == 10071:
    pass
elif x == 10072:
    pass
elif x == 10073:
    pass
elif x == 10074:
    pass
elif x == 10075:
    pass
elif x == 10076:
    pass
elif x == 10077:
    pass
elif x == 10078:
    pass
elif x == 10079:
    pass
elif x == 10080:
    pass
elif x == 10081:
    pass
elif x == 10082:
    pass
elif x == 10083:
    pass
elif x == 10084:
    pass
elif x == 10085:
    pass
elif x == 10086:
    pass
elif x == 10087:
    pass
elif x == 10088:
    pass
elif x == 10089:
    pass
elif x == 10090:
    pass
elif x == 10091:
    pass
elif x == 10092:
    pass
elif x == 10093:
    pass
elif x == 10094:
    pass
elif x == 10095:
    pass
elif x == 10096:
    pass
elif x == 10097:
    pass
elif x == 10098:
    pass
elif x == 10099:
    pass
elif x == 10100:
    pass
elif x == 10101:
    pass
elif x == 10102:
    pass
elif x == 10103:
    pass
elif x == 10104:
    pass
elif x == 10105:
    pass
elif x == 10106:
    pass
elif x == 10107:
    pass
elif x == 10108:
    pass
elif x == 10109:
    pass
elif x == 10110:
    pass
elif x == 10111:
    pass
elif x == 10112:
    pass
elif x == 10113:
    pass
elif x == 10114:
    pass
elif x == 10115:
    pass
elif x == 10116:
    pass
elif x == 10117:
    pass
elif x == 10118:
    pass
elif x == 10119:
    pass
elif x == 10120:
    pass
elif x == 10121:
    pass
elif x == 10122:
    pass
elif x == 10123:
    pass
elif x == 10124:
    pass
elif x == 10125:
    pass
elif x == 10126:
    pass
elif x == 10127:
    pass
elif x == 10128:
    pass
elif x == 10129:
    pass
elif x == 10130:
    pass
elif x == 10131:
    pass
elif x == 10132:
    pass
elif x == 10133:
    pass
elif x == 10134:
    pass
elif x == 10135:
    pass
elif x == 10136:
    pass
elif x == 10137:
    pass
elif x == 10138:
    pass
elif x == 10139:
    pass
elif x == 10140:
    pass
elif x == 10141:
    pass
elif x == 10142:
    pass
elif x == 10143:
    pass
elif x == 10144:
    pass
elif x == 10145:
    pass
elif x == 10146:
    pass
elif x == 10147:
    pass
elif x == 10148:
    pass
elif x == 10149:
    pass
elif x == 10150:
    pass
elif x == 10151:
    pass
elif x == 10152:
    pass
elif x == 10153:
    pass
elif x == 10154:
    pass
elif x == 10155:
    pass
elif x == 10156:
    pass
elif x == 10157:
    pass
elif x == 10158:
    pass
elif x == 10159:
    pass
elif x == 10160:
    pass
elif x == 10161:
    pass
elif x == 10162:
    pass
elif x == 10163:
    pass
elif x == 10164:
    pass
elif x == 10165:
    pass
elif x == 10166:
    pass
elif x == 10167:
    pass
elif x == 10168:
    pass
elif x == 10169:
    pass
elif x == 10170:
    pass
elif x == 10171:
    pass
elif x == 10172:
    pass
elif x == 10173:
    pass
elif x == 10174:
    pass
elif x == 10175:
    pass
elif x == 10176:
    pass
elif x == 10177:
    pass
elif x == 10178:
    pass
elif x == 10179:
    pass
elif x == 10180:
    pass
elif x == 10181:
    pass
elif x == 10182:
    pass
elif x == 10183:
    pass
elif x == 10184:
    pass
elif x == 10185:
    pass
elif x == 10186:
    pass
elif x == 10187:
    pass
elif x == 10188:
    pass
elif x == 10189:
    pass
elif x == 10190:
    pass
elif x == 10191:
    pass
elif x == 10192:
    pass
elif x == 10193:
    pass
elif x == 10194:
    pass
elif x == 10195:
    pass
elif x == 10196:
    pass
elif x == 10197:
    pass
elif x == 10198:
    pass
elif x == 10199:
    pass
elif x == 10200:
    pass
elif x == 10201:
    pass
elif x == 10202:
    pass
elif x == 10203:
    pass
elif x == 10204:
    pass
elif x == 10205:
    pass
elif x == 10206:
    pass
elif x == 10207:
    pass
elif x == 10208:
    pass
elif x == 10209:
    pass
elif x == 10210:
    pass
elif x == 10211:
    pass
elif x == 10212:
    pass
elif x == 10213:
    pass
elif x == 10214:
    pass
elif x == 10215:
    pass
elif x == 10216:
    pass
elif x == 10217:
    pass
elif x == 10218:
    pass
elif x == 10219:
    pass
elif x == 10220:
    pass
elif x == 10221:
    pass
elif x == 10222:
    pass
elif x == 10223:
    pass
elif x == 10224:
    pass
elif x == 10225:
    pass
elif x == 10226:
    pass
elif x == 10227:
    pass
elif x == 10228:
    pass
elif x == 10229:
    pass
elif x == 10230:
    pass
elif x == 10231:
    pass
elif x == 10232:
    pass
elif x == 10233:
    pass
elif x == 10234:
    pass
elif x == 10235:
    pass
elif x == 10236:
    pass
elif x == 10237:
    pass
elif x == 10238:
    pass
elif x == 10239:
    pass
elif x == 10240:
    pass
elif x == 10241:
    pass
elif x == 10242:
    pass
elif x == 10243:
    pass
elif x == 10244:
    pass
elif x == 10245:
    pass
elif x == 10246:
    pass
elif x == 10247:
    pass
elif x == 10248:
    pass
elif x == 10249:
    pass
elif x == 10250:
    pass
elif x == 10251:
    pass
elif x == 10252:
    pass
elif x == 10253:
    pass
elif x == 10254:
    pass
elif x == 10255:
    pass
elif x == 10256:
    pass
elif x == 10257:
    pass
elif x == 10258:
    pass
elif x == 10259:
    pass
elif x == 10260:
    pass
elif x == 10261:
    pass
elif x == 10262:
    pass
elif x == 10263:
    pass
elif x == 10264:
    pass
elif x == 10265:
    pass
elif x == 10266:
    pass
elif x == 10267:
    pass
elif x == 10268:
    pass
elif x == 10269:
    pass
elif x == 10270:
    pass
elif x == 10271:
    pass
elif x == 10272:
    pass
elif x == 10273:
    pass
elif x == 10274:
    pass
elif x == 10275:
    pass
elif x == 10276:
    pass
elif x == 10277:
    pass
elif x == 10278:
    pass
elif x == 10279:
    pass
elif x == 10280:
    pass
elif x == 10281:
    pass
elif x == 10282:
    pass
elif x == 10283:
    pass
elif x == 10284:
    pass
elif x == 10285:
    pass
elif x == 10286:
    pass
elif x == 10287:
    pass
elif x == 10288:
    pass
elif x == 10289:
    pass
elif x == 10290:
    pass
elif x == 10291:
    pass
elif x == 10292:
    pass
elif x == 10293:
    pass
elif x == 10294:
    pass
elif x == 10295:
    pass
elif x == 10296:
    pass
elif x == 10297:
    pass
elif x == 10298:
    pass
elif x == 10299:
    pass
elif x == 10300:
    pass
elif x == 10301:
    pass
elif x == 10302:
    pass
elif x == 10303:
    pass
elif x == 10304:
    pass
elif x == 10305:
    pass
elif x == 10306:
    pass
elif x == 10307:
    pass
elif x == 10308:
    pass
elif x == 10309:
    pass
elif x == 10310:
    pass
elif x == 10311:
    pass
elif x == 10312:
    pass
elif x == 10313:
    pass
elif x == 10314:
    pass
elif x == 10315:
    pass
elif x == 10316:
    pass
elif x == 10317:
    pass
elif x == 10318:
    pass
elif x == 10319:
    pass
elif x == 10320:
    pass
elif x == 10321:
    pass
elif x == 10322:
    pass
elif x == 10323:
    pass
elif x == 10324:
    pass
elif x == 10325:
    pass
elif x == 10326:
    pass
elif x == 10327:
    pass
elif x == 10328:
    pass
elif x == 10329:
    pass
elif x == 10330:
    pass
elif x == 10331:
    pass
elif x == 10332:
    pass
elif x == 10333:
    pass
elif x == 10334:
    pass
elif x == 10335:
    pass
elif x == 10336:
    pass
elif x == 10337:
    pass
elif x == 10338:
    pass
elif x == 10339:
    pass
elif x == 10340:
    pass
elif x == 10341:
    pass
elif x == 10342:
    pass
elif x == 10343:
    pass
elif x == 10344:
    pass
elif x == 10345:
    pass
elif x == 10346:
    pass
elif x == 10347:
    pass
elif x == 10348:
    pass
elif x == 10349:
    pass
elif x == 10350:
    pass
elif x == 10351:
    pass
elif x == 10352:
    pass
elif x == 10353:
    pass
elif x == 10354:
    pass
elif x == 10355:
    pass
elif x == 10356:
    pass
elif x == 10357:
    pass
elif x == 10358:
    pass
elif x == 10359:
    pass
elif x == 10360:
    pass
elif x == 10361:
    pass
elif x == 10362:
    pass
elif x == 10363:
    pass
elif x == 10364:
    pass
elif x == 10365:
    pass
elif x == 10366:
    pass
elif x == 10367:
    pass
elif x == 10368:
    pass
elif x == 10369:
    pass
elif x == 10370:
    pass
elif x == 10371:
    pass
elif x == 10372:
    pass
elif x == 10373:
    pass
elif x == 10374:
    pass
elif x == 10375:
    pass
elif x == 10376:
    pass
elif x == 10377:
    pass
elif x == 10378:
    pass
elif x == 10379:
    pass
elif x == 10380:
    pass
elif x == 10381:
    pass
elif x == 10382:
    pass
elif x == 10383:
    pass
elif x == 10384:
    pass
elif x == 10385:
    pass
elif x == 10386:
    pass
elif x == 10387:
    pass
elif x == 10388:
    pass
elif x == 10389:
    pass
elif x == 10390:
    pass
elif x == 10391:
    pass
elif x == 10392:
    pass
elif x == 10393:
    pass
elif x == 10394:
    pass
elif x == 10395:
    pass
elif x == 10396:
    pass
elif x == 10397:
    pass
elif x == 10398:
    pass
elif x == 10399:
    pass
elif x == 10400:
    pass
elif x == 10401:
    pass
elif x == 10402:
    pass
elif x == 10403:
    pass
elif x == 10404:
    pass
elif x == 10405:
    pass
elif x == 10406:
    pass
elif x == 10407:
    pass
elif x == 10408:
    pass
elif x == 10409:
    pass
elif x == 10410:
    pass
elif x == 10411:
    pass
elif x == 10412:
    pass
elif x == 10413:
    pass
elif x == 10414:
    pass
elif x == 10415:
    pass
elif x == 10416:
    pass
elif x == 10417:
    pass
elif x == 10418:
    pass
elif x == 10419:
    pass
elif x == 10420:
    pass
elif x == 10421:
    pass
elif x == 10422:
    pass
elif x == 10423:
    pass
elif x == 10424:
    pass
elif x == 10425:
    pass
elif x == 10426:
    pass
elif x == 10427:
    pass
elif x == 10428:
    pass
elif x == 10429:
    pass
elif x == 10430:
    pass
elif x == 10431:
    pass
elif x == 10432:
    pass
elif x == 10433:
    pass
elif x == 10434:
    pass
elif x == 10435:
    pass
elif x == 10436:
    pass
elif x == 10437:
    pass
elif x == 10438:
    pass
elif x == 10439:
    pass
elif x == 10440:
    pass
elif x == 10441:
    pass
elif x == 10442:
    pass
elif x == 10443:
    pass
elif x == 10444:
    pass
elif x == 10445:
    pass
elif x == 10446:
    pass
elif x == 10447:
    pass
elif x == 10448:
    pass
elif x == 10449:
    pass
elif x == 10450:
    pass
elif x == 10451:
    pass
elif x == 10452:
    pass
elif x == 10453:
    pass
elif x == 10454:
    pass
elif x == 10455:
    pass
elif x == 10456:
    pass
elif x == 10457:
    pass
elif x == 10458:
    pass
elif x == 10459:
    pass
elif x == 10460:
    pass
elif x == 10461:
    pass
elif x == 10462:
    pass
elif x == 10463:
    pass
elif x == 10464:
    pass
elif x == 10465:
    pass
elif x == 10466:
    pass
elif x == 10467:
    pass
elif x == 10468:
    pass
elif x == 10469:
    pass
elif x == 10470:
    pass
elif x == 10471:
    pass
elif x == 10472:
    pass
elif x == 10473:
    pass
elif x == 10474:
    pass
elif x == 10475:
    pass
elif x == 10476:
    pass
elif x == 10477:
    pass
elif x == 10478:
    pass
elif x == 10479:
    pass
elif x == 10480:
    pass
elif x == 10481:
    pass
elif x == 10482:
    pass
elif x == 10483:
    pass
elif x == 10484:
    pass
elif x == 10485:
    pass
elif x == 10486:
    pass
elif x == 10487:
    pass
elif x == 10488:
    pass
elif x == 10489:
    pass
elif x == 10490:
    pass
elif x == 10491:
    pass
elif x == 10492:
    pass
elif x == 10493:
    pass
elif x == 10494:
    pass
elif x == 10495:
    pass
elif x == 10496:
    pass
elif x == 10497:
    pass
elif x == 10498:
    pass
elif x == 10499:
    pass
elif x == 10500:
    pass
elif x == 10501:
    pass
elif x == 10502:
    pass
elif x == 10503:
    pass
elif x == 10504:
    pass
elif x == 10505:
    pass
elif x == 10506:
    pass
elif x == 10507:
    pass
elif x == 10508:
    pass
elif x == 10509:
    pass
elif x == 10510:
    pass
elif x == 10511:
    pass
elif x == 10512:
    pass
elif x == 10513:
    pass
elif x == 10514:
    pass
elif x == 10515:
    pass
elif x == 10516:
    pass
elif x == 10517:
    pass
elif x == 10518:
    pass
elif x == 10519:
    pass
elif x == 10520:
    pass
elif x == 10521:
    pass
elif x == 10522:
    pass
elif x == 10523:
    pass
elif x == 10524:
    pass
elif x == 10525:
    pass
elif x == 10526:
    pass
elif x == 10527:
    pass
elif x == 10528:
    pass
elif x == 10529:
    pass
elif x == 10530:
    pass
elif x == 10531:
    pass
elif x == 10532:
    pass
elif x == 10533:
    pass
elif x == 10534:
    pass
elif x == 10535:
    pass
elif x == 10536:
    pass
elif x == 10537:
    pass
elif x == 10538:
    pass
elif x == 10539:
    pass
elif x == 10540:
    pass
elif x == 10541:
    pass
elif x == 10542:
    pass
elif x == 10543:
    pass
elif x == 10544:
    pass
elif x == 10545:
    pass
elif x == 10546:
    pass
elif x == 10547:
    pass
elif x == 10548:
    pass
elif x == 10549:
    pass
elif x == 10550:
    pass
elif x == 10551:
    pass
elif x == 10552:
    pass
elif x == 10553:
    pass
elif x == 10554:
    pass
elif x == 10555:
    pass
elif x == 10556:
    pass
elif x == 10557:
    pass
elif x == 10558:
    pass
elif x == 10559:
    pass
elif x == 10560:
    pass
elif x == 10561:
    pass
elif x == 10562:
    pass
elif x == 10563:
    pass
elif x == 10564:
    pass
elif x == 10565:
    pass
elif x == 10566:
    pass
elif x == 10567:
    pass
elif x == 10568:
    pass
elif x == 10569:
    pass
elif x == 10570:
    pass
elif x == 10571:
    pass
elif x == 10572:
    pass
elif x == 10573:
    pass
elif x == 10574:
    pass
elif x == 10575:
    pass
elif x == 10576:
    pass
elif x == 10577:
    pass
elif x == 10578:
    pass
elif x == 10579:
    pass
elif x == 10580:
    pass
elif x == 10581:
    pass
elif x == 10582:
    pass
elif x == 10583:
    pass
elif x == 10584:
    pass
elif x == 10585:
    pass
elif x == 10586:
    pass
elif x == 10587:
    pass
elif x == 10588:
    pass
elif x == 10589:
    pass
elif x == 10590:
    pass
elif x == 10591:
    pass
elif x == 10592:
    pass
elif x == 10593:
    pass
elif x == 10594:
    pass
elif x == 10595:
    pass
elif x == 10596:
    pass
elif x == 10597:
    pass
elif x == 10598:
    pass
elif x == 10599:
    pass
elif x == 10600:
    pass
elif x == 10601:
    pass
elif x == 10602:
    pass
elif x == 10603:
    pass
elif x == 10604:
    pass
elif x == 10605:
    pass
elif x == 10606:
    pass
elif x == 10607:
    pass
elif x == 10608:
    pass
elif x == 10609:
    pass
elif x == 10610:
    pass
elif x == 10611:
    pass
elif x == 10612:
    pass
elif x == 10613:
    pass
elif x == 10614:
    pass
elif x == 10615:
    pass
elif x == 10616:
    pass
elif x == 10617:
    pass
elif x == 10618:
    pass
elif x == 10619:
    pass
elif x == 10620:
    pass
elif x == 10621:
    pass
elif x == 10622:
    pass
elif x == 10623:
    pass
elif x == 10624:
    pass
elif x == 10625:
    pass
elif x == 10626:
    pass
elif x == 10627:
    pass
elif x == 10628:
    pass
elif x == 10629:
    pass
elif x == 10630:
    pass
elif x == 10631:
    pass
elif x == 10632:
    pass
elif x == 10633:
    pass
elif x == 10634:
    pass
elif x == 10635:
    pass
elif x == 10636:
    pass
elif x == 10637:
    pass
elif x == 10638:
    pass
elif x == 10639:
    pass
elif x == 10640:
    pass
elif x == 10641:
    pass
elif x == 10642:
    pass
elif x == 10643:
    pass
elif x == 10644:
    pass
elif x == 10645:
    pass
elif x == 10646:
    pass
elif x == 10647:
    pass
elif x == 10648:
    pass
elif x == 10649:
    pass
elif x == 10650:
    pass
elif x == 10651:
    pass
elif x == 10652:
    pass
elif x == 10653:
    pass
elif x == 10654:
    pass
elif x == 10655:
    pass
elif x == 10656:
    pass
elif x == 10657:
    pass
elif x == 10658:
    pass
elif x == 10659:
    pass
elif x == 10660:
    pass
elif x == 10661:
    pass
elif x == 10662:
    pass
elif x == 10663:
    pass
elif x == 10664:
    pass
elif x == 10665:
    pass
elif x == 10666:
    pass
elif x == 10667:
    pass
elif x == 10668:
    pass
elif x == 10669:
    pass
elif x == 10670:
    pass
elif x == 10671:
    pass
elif x == 10672:
    pass
elif x == 10673:
    pass
elif x == 10674:
    pass
elif x == 10675:
    pass
elif x == 10676:
    pass
elif x == 10677:
    pass
elif x == 10678:
    pass
elif x == 10679:
    pass
elif x == 10680:
    pass
elif x == 10681:
    pass
elif x == 10682:
    pass
elif x == 10683:
    pass
elif x == 10684:
    pass
elif x == 10685:
    pass
elif x == 10686:
    pass
elif x == 10687:
    pass
elif x == 10688:
    pass
elif x == 10689:
    pass
elif x == 10690:
    pass
elif x == 10691:
    pass
elif x == 10692:
    pass
elif x == 10693:
    pass
elif x == 10694:
    pass
elif x == 10695:
    pass
elif x == 10696:
    pass
elif x == 10697:
    pass
elif x == 10698:
    pass
elif x == 10699:
    pass
elif x == 10700:
    pass
elif x == 10701:
    pass
elif x == 10702:
    pass
elif x == 10703:
    pass
elif x == 10704:
    pass
elif x == 10705:
    pass
elif x == 10706:
    pass
elif x == 10707:
    pass
elif x == 10708:
    pass
elif x == 10709:
    pass
elif x == 10710:
    pass
elif x == 10711:
    pass
elif x == 10712:
    pass
elif x == 10713:
    pass
elif x == 10714:
    pass
elif x == 10715:
    pass
elif x == 10716:
    pass
elif x == 10717:
    pass
elif x == 10718:
    pass
elif x == 10719:
    pass
elif x == 10720:
    pass
elif x == 10721:
    pass
elif x == 10722:
    pass
elif x == 10723:
    pass
elif x == 10724:
    pass
elif x == 10725:
    pass
elif x == 10726:
    pass
elif x == 10727:
    pass
elif x == 10728:
    pass
elif x == 10729:
    pass
elif x == 10730:
    pass
elif x == 10731:
    pass
elif x == 10732:
    pass
elif x == 10733:
    pass
elif x == 10734:
    pass
elif x == 10735:
    pass
elif x == 10736:
    pass
elif x == 10737:
    pass
elif x == 10738:
    pass
elif x == 10739:
    pass
elif x == 10740:
    pass
elif x == 10741:
    pass
elif x == 10742:
    pass
elif x == 10743:
    pass
elif x == 10744:
    pass
elif x == 10745:
    pass
elif x == 10746:
    pass
elif x == 10747:
    pass
elif x == 10748:
    pass
elif x == 10749:
    pass
elif x == 10750:
    pass
elif x == 10751:
    pass
elif x == 10752:
    pass
elif x == 10753:
    pass
elif x == 10754:
    pass
elif x == 10755:
    pass
elif x == 10756:
    pass
elif x == 10757:
    pass
elif x == 10758:
    pass
elif x == 10759:
    pass
elif x == 10760:
    pass
elif x == 10761:
    pass
elif x == 10762:
    pass
elif x == 10763:
    pass
elif x == 10764:
    pass
elif x == 10765:
    pass
elif x == 10766:
    pass
elif x == 10767:
    pass
elif x == 10768:
    pass
elif x == 10769:
    pass
elif x == 10770:
    pass
elif x == 10771:
    pass
elif x == 10772:
    pass
elif x == 10773:
    pass
elif x == 10774:
    pass
elif x == 10775:
    pass
elif x == 10776:
    pass
elif x == 10777:
    pass
elif x == 10778:
    pass
elif x == 10779:
    pass
elif x == 10780:
    pass
elif x == 10781:
    pass
elif x == 10782:
    pass
elif x == 10783:
    pass
elif x == 10784:
    pass
elif x == 10785:
    pass
elif x == 10786:
    pass
elif x == 10787:
    pass
elif x == 10788:
    pass
elif x == 10789:
    pass
elif x == 10790:
    pass
elif x == 10791:
    pass
elif x == 10792:
    pass
elif x == 10793:
    pass
elif x == 10794:
    pass
elif x == 10795:
    pass
elif x == 10796:
    pass
elif x == 10797:
    pass
elif x == 10798:
    pass
elif x == 10799:
    pass
elif x == 10800:
    pass
elif x == 10801:
    pass
elif x == 10802:
    pass
elif x == 10803:
    pass
elif x == 10804:
    pass
elif x == 10805:
    pass
elif x == 10806:
    pass
elif x == 10807:
    pass
elif x == 10808:
    pass
elif x == 10809:
    pass
elif x == 10810:
    pass
elif x == 10811:
    pass
elif x == 10812:
    pass
elif x == 10813:
    pass
elif x == 10814:
    pass
elif x == 10815:
    pass
elif x == 10816:
    pass
elif x == 10817:
    pass
elif x == 10818:
    pass
elif x == 10819:
    pass
elif x == 10820:
    pass
elif x == 10821:
    pass
elif x == 10822:
    pass
elif x == 10823:
    pass
elif x == 10824:
    pass
elif x == 10825:
    pass
elif x == 10826:
    pass
elif x == 10827:
    pass
elif x == 10828:
    pass
elif x == 10829:
    pass
elif x == 10830:
    pass
elif x == 10831:
    pass
elif x == 10832:
    pass
elif x == 10833:
    pass
elif x == 10834:
    pass
elif x == 10835:
    pass
elif x == 10836:
    pass
elif x == 10837:
    pass
elif x == 10838:
    pass
elif x == 10839:
    pass
elif x == 10840:
    pass
elif x == 10841:
    pass
elif x == 10842:
    pass
elif x == 10843:
    pass
elif x == 10844:
    pass
elif x == 10845:
    pass
elif x == 10846:
    pass
elif x == 10847:
    pass
elif x == 10848:
    pass
elif x == 10849:
    pass
elif x == 10850:
    pass
elif x == 10851:
    pass
elif x == 10852:
    pass
elif x == 10853:
    pass
elif x == 10854:
    pass
elif x == 10855:
    pass
elif x == 10856:
    pass
elif x == 10857:
    pass
elif x == 10858:
    pass
elif x == 10859:
    pass
elif x == 10860:
    pass
elif x == 10861:
    pass
elif x == 10862:
    pass
elif x == 10863:
    pass
elif x == 10864:
    pass
elif x == 10865:
    pass
elif x == 10866:
    pass
elif x == 10867:
    pass
elif x == 10868:
    pass
elif x == 10869:
    pass
elif x == 10870:
    pass
elif x == 10871:
    pass
elif x == 10872:
    pass
elif x == 10873:
    pass
elif x == 10874:
    pass
elif x == 10875:
    pass
elif x == 10876:
    pass
elif x == 10877:
    pass
elif x == 10878:
    pass
elif x == 10879:
    pass
elif x == 10880:
    pass
elif x == 10881:
    pass
elif x == 10882:
    pass
elif x == 10883:
    pass
elif x == 10884:
    pass
elif x == 10885:
    pass
elif x == 10886:
    pass
elif x == 10887:
    pass
elif x == 10888:
    pass
elif x == 10889:
    pass
elif x == 10890:
    pass
elif x == 10891:
    pass
elif x == 10892:
    pass
elif x == 10893:
    pass
elif x == 10894:
    pass
elif x == 10895:
    pass
elif x == 10896:
    pass
elif x == 10897:
    pass
elif x == 10898:
    pass
elif x == 10899:
    pass
elif x == 10900:
    pass
elif x == 10901:
    pass
elif x == 10902:
    pass
elif x == 10903:
    pass
elif x == 10904:
    pass
elif x == 10905:
    pass
elif x == 10906:
    pass
elif x == 10907:
    pass
elif x == 10908:
    pass
elif x == 10909:
    pass
elif x == 10910:
    pass
elif x == 10911:
    pass
elif x == 10912:
    pass
elif x == 10913:
    pass
elif x == 10914:
    pass
elif x == 10915:
    pass
elif x == 10916:
    pass
elif x == 10917:
    pass
elif x == 10918:
    pass
elif x == 10919:
    pass
elif x == 10920:
    pass
elif x == 10921:
    pass
elif x == 10922:
    pass
elif x == 10923:
    pass
elif x == 10924:
    pass
elif x == 10925:
    pass
elif x == 10926:
    pass
elif x == 10927:
    pass
elif x == 10928:
    pass
elif x == 10929:
    pass
elif x == 10930:
    pass
elif x == 10931:
    pass
elif x == 10932:
    pass
elif x == 10933:
    pass
elif x == 10934:
    pass
elif x == 10935:
    pass
elif x == 10936:
    pass
elif x == 10937:
    pass
elif x == 10938:
    pass
elif x == 10939:
    pass
elif x == 10940:
    pass
elif x == 10941:
    pass
elif x == 10942:
    pass
elif x == 10943:
    pass
elif x == 10944:
    pass
elif x == 10945:
    pass
elif x == 10946:
    pass
elif x == 10947:
    pass
elif x == 10948:
    pass
elif x == 10949:
    pass
elif x == 10950:
    pass
elif x == 10951:
    pass
elif x == 10952:
    pass
elif x == 10953:
    pass
elif x == 10954:
    pass
elif x == 10955:
    pass
elif x == 10956:
    pass
elif x == 10957:
    pass
elif x == 10958:
    pass
elif x == 10959:
    pass
elif x == 10960:
    pass
elif x == 10961:
    pass
elif x == 10962:
    pass
elif x == 10963:
    pass
elif x == 10964:
    pass
elif x == 10965:
    pass
elif x == 10966:
    pass
elif x == 10967:
    pass
elif x == 10968:
    pass
elif x == 10969:
    pass
elif x == 10970:
    pass
elif x == 10971:
    pass
elif x == 10972:
    pass
elif x == 10973:
    pass
elif x == 10974:
    pass
elif x == 10975:
    pass
elif x == 10976:
    pass
elif x == 10977:
    pass
elif x == 10978:
    pass
elif x == 10979:
    pass
elif x == 10980:
    pass
elif x == 10981:
    pass
elif x == 10982:
    pass
elif x == 10983:
    pass
elif x == 10984:
    pass
elif x == 10985:
    pass
elif x == 10986:
    pass
elif x == 10987:
    pass
elif x == 10988:
    pass
elif x == 10989:
    pass
elif x == 10990:
    pass
elif x == 10991:
    pass
elif x == 10992:
    pass
elif x == 10993:
    pass
elif x == 10994:
    pass
elif x == 10995:
    pass
elif x == 10996:
    pass
elif x == 10997:
    pass
elif x == 10998:
    pass
elif x == 10999:
    pass
elif x == 11000:
    pass
elif x == 11001:
    pass
elif x == 11002:
    pass
elif x == 11003:
    pass
elif x == 11004:
    pass
elif x == 11005:
    pass
elif x == 11006:
    pass
elif x == 11007:
    pass
elif x == 11008:
    pass
elif x == 11009:
    pass
elif x == 11010:
    pass
elif x == 11011:
    pass
elif x == 11012:
    pass
elif x == 11013:
    pass
elif x == 11014:
    pass
elif x == 11015:
    pass
elif x == 11016:
    pass
elif x == 11017:
    pass
elif x == 11018:
    pass
elif x == 11019:
    pass
elif x == 11020:
    pass
elif x == 11021:
    pass
elif x == 11022:
    pass
elif x == 11023:
    pass
elif x == 11024:
    pass
elif x == 11025:
    pass
elif x == 11026:
    pass
elif x == 11027:
    pass
elif x == 11028:
    pass
elif x == 11029:
    pass
elif x == 11030:
    pass
elif x == 11031:
    pass
elif x == 11032:
    pass
elif x == 11033:
    pass
elif x == 11034:
    pass
elif x == 11035:
    pass
elif x == 11036:
    pass
elif x == 11037:
    pass
elif x == 11038:
    pass
elif x == 11039:
    pass
elif x == 11040:
    pass
elif x == 11041:
    pass
elif x == 11042:
    pass
elif x == 11043:
    pass
elif x == 11044:
    pass
elif x == 11045:
    pass
elif x == 11046:
    pass
elif x == 11047:
    pass
elif x == 11048:
    pass
elif x == 11049:
    pass
elif x == 11050:
    pass
elif x == 11051:
    pass
elif x == 11052:
    pass
elif x == 11053:
    pass
elif x == 11054:
    pass
elif x == 11055:
    pass
elif x == 11056:
    pass
elif x == 11057:
    pass
elif x == 11058:
    pass
elif x == 11059:
    pass
elif x == 11060:
    pass
elif x == 11061:
    pass
elif x == 11062:
    pass
elif x == 11063:
    pass
elif x == 11064:
    pass
elif x == 11065:
    pass
elif x == 11066:
    pass
elif x == 11067:
    pass
elif x == 11068:
    pass
elif x == 11069:
    pass
elif x == 11070:
    pass
elif x == 11071:
    pass
elif x == 11072:
    pass
elif x == 11073:
    pass
elif x == 11074:
    pass
elif x == 11075:
    pass
elif x == 11076:
    pass
elif x == 11077:
    pass
elif x == 11078:
    pass
elif x == 11079:
    pass
elif x == 11080:
    pass
elif x == 11081:
    pass
elif x == 11082:
    pass
elif x == 11083:
    pass
elif x == 11084:
    pass
elif x == 11085:
    pass
elif x == 11086:
    pass
elif x == 11087:
    pass
elif x == 11088:
    pass
elif x == 11089:
    pass
elif x == 11090:
    pass
elif x == 11091:
    pass
elif x == 11092:
    pass
elif x == 11093:
    pass
elif x == 11094:
    pass
elif x == 11095:
    pass
elif x == 11096:
    pass
elif x == 11097:
    pass
elif x == 11098:
    pass
elif x == 11099:
    pass
elif x == 11100:
    pass
elif x == 11101:
    pass
elif x == 11102:
    pass
elif x == 11103:
    pass
elif x == 11104:
    pass
elif x == 11105:
    pass
elif x == 11106:
    pass
elif x == 11107:
    pass
elif x == 11108:
    pass
elif x == 11109:
    pass
elif x == 11110:
    pass
elif x == 11111:
    pass
elif x == 11112:
    pass
elif x == 11113:
    pass
elif x == 11114:
    pass
elif x == 11115:
    pass
elif x == 11116:
    pass
elif x == 11117:
    pass
elif x == 11118:
    pass
elif x == 11119:
    pass
elif x == 11120:
    pass
elif x == 11121:
    pass
elif x == 11122:
    pass
elif x == 11123:
    pass
elif x == 11124:
    pass
elif x == 11125:
    pass
elif x == 11126:
    pass
elif x == 11127:
    pass
elif x == 11128:
    pass
elif x == 11129:
    pass
elif x == 11130:
    pass
elif x == 11131:
    pass
elif x == 11132:
    pass
elif x == 11133:
    pass
elif x == 11134:
    pass
elif x == 11135:
    pass
elif x == 11136:
    pass
elif x == 11137:
    pass
elif x == 11138:
    pass
elif x == 11139:
    pass
elif x == 11140:
    pass
elif x == 11141:
    pass
elif x == 11142:
    pass
elif x == 11143:
    pass
elif x == 11144:
    pass
elif x == 11145:
    pass
elif x == 11146:
    pass
elif x == 11147:
    pass
elif x == 11148:
    pass
elif x == 11149:
    pass
elif x == 11150:
    pass
elif x == 11151:
    pass
elif x == 11152:
    pass
elif x == 11153:
    pass
elif x == 11154:
    pass
elif x == 11155:
    pass
elif x == 11156:
    pass
elif x == 11157:
    pass
elif x == 11158:
    pass
elif x == 11159:
    pass
elif x == 11160:
    pass
elif x == 11161:
    pass
elif x == 11162:
    pass
elif x == 11163:
    pass
elif x == 11164:
    pass
elif x == 11165:
    pass
elif x == 11166:
    pass
elif x == 11167:
    pass
elif x == 11168:
    pass
elif x == 11169:
    pass
elif x == 11170:
    pass
elif x == 11171:
    pass
elif x == 11172:
    pass
elif x == 11173:
    pass
elif x == 11174:
    pass
elif x == 11175:
    pass
elif x == 11176:
    pass
elif x == 11177:
    pass
elif x == 11178:
    pass
elif x == 11179:
    pass
elif x == 11180:
    pass
elif x == 11181:
    pass
elif x == 11182:
    pass
elif x == 11183:
    pass
elif x == 11184:
    pass
elif x == 11185:
    pass
elif x == 11186:
    pass
elif x == 11187:
    pass
elif x == 11188:
    pass
elif x == 11189:
    pass
elif x == 11190:
    pass
elif x == 11191:
    pass
elif x == 11192:
    pass
elif x == 11193:
    pass
elif x == 11194:
    pass
elif x == 11195:
    pass
elif x == 11196:
    pass
elif x == 11197:
    pass
elif x == 11198:
    pass
elif x == 11199:
    pass
elif x == 11200:
    pass
elif x == 11201:
    pass
elif x == 11202:
    pass
elif x == 11203:
    pass
elif x == 11204:
    pass
elif x == 11205:
    pass
elif x == 11206:
    pass
elif x == 11207:
    pass
elif x == 11208:
    pass
elif x == 11209:
    pass
elif x == 11210:
    pass
elif x == 11211:
    pass
elif x == 11212:
    pass
elif x == 11213:
    pass
elif x == 11214:
    pass
elif x == 11215:
    pass
elif x == 11216:
    pass
elif x == 11217:
    pass
elif x == 11218:
    pass
elif x == 11219:
    pass
elif x == 11220:
    pass
elif x == 11221:
    pass
elif x == 11222:
    pass
elif x == 11223:
    pass
elif x == 11224:
    pass
elif x == 11225:
    pass
elif x == 11226:
    pass
elif x == 11227:
    pass
elif x == 11228:
    pass
elif x == 11229:
    pass
elif x == 11230:
    pass
elif x == 11231:
    pass
elif x == 11232:
    pass
elif x == 11233:
    pass
elif x == 11234:
    pass
elif x == 11235:
    pass
elif x == 11236:
    pass
elif x == 11237:
    pass
elif x == 11238:
    pass
elif x == 11239:
    pass
elif x == 11240:
    pass
elif x == 11241:
    pass
elif x == 11242:
    pass
elif x == 11243:
    pass
elif x == 11244:
    pass
elif x == 11245:
    pass
elif x == 11246:
    pass
elif x == 11247:
    pass
elif x == 11248:
    pass
elif x == 11249:
    pass
elif x == 11250:
    pass
elif x == 11251:
    pass
elif x == 11252:
    pass
elif x == 11253:
    pass
elif x == 11254:
    pass
elif x == 11255:
    pass
elif x == 11256:
    pass
elif x == 11257:
    pass
elif x == 11258:
    pass
elif x == 11259:
    pass
elif x == 11260:
    pass
elif x == 11261:
    pass
elif x == 11262:
    pass
elif x == 11263:
    pass
elif x == 11264:
    pass
elif x == 11265:
    pass
elif x == 11266:
    pass
elif x == 11267:
    pass
elif x == 11268:
    pass
elif x == 11269:
    pass
elif x == 11270:
    pass
elif x == 11271:
    pass
elif x == 11272:
    pass
elif x == 11273:
    pass
elif x == 11274:
    pass
elif x == 11275:
    pass
elif x == 11276:
    pass
elif x == 11277:
    pass
elif x == 11278:
    pass
elif x == 11279:
    pass
elif x == 11280:
    pass
elif x == 11281:
    pass
elif x == 11282:
    pass
elif x == 11283:
    pass
elif x == 11284:
    pass
elif x == 11285:
    pass
elif x == 11286:
    pass
elif x == 11287:
    pass
elif x == 11288:
    pass
elif x == 11289:
    pass
elif x == 11290:
    pass
elif x == 11291:
    pass
elif x == 11292:
    pass
elif x == 11293:
    pass
elif x == 11294:
    pass
elif x == 11295:
    pass
elif x == 11296:
    pass
elif x == 11297:
    pass
elif x == 11298:
    pass
elif x == 11299:
    pass
elif x == 11300:
    pass
elif x == 11301:
    pass
elif x == 11302:
    pass
elif x == 11303:
    pass
elif x == 11304:
    pass
elif x == 11305:
    pass
elif x == 11306:
    pass
elif x == 11307:
    pass
elif x == 11308:
    pass
elif x == 11309:
    pass
elif x == 11310:
    pass
elif x == 11311:
    pass
elif x == 11312:
    pass
elif x == 11313:
    pass
elif x == 11314:
    pass
elif x == 11315:
    pass
elif x == 11316:
    pass
elif x == 11317:
    pass
elif x == 11318:
    pass
elif x == 11319:
    pass
elif x == 11320:
    pass
elif x == 11321:
    pass
elif x == 11322:
    pass
elif x == 11323:
    pass
elif x == 11324:
    pass
elif x == 11325:
    pass
elif x == 11326:
    pass
elif x == 11327:
    pass
elif x == 11328:
    pass
elif x == 11329:
    pass
elif x == 11330:
    pass
elif x == 11331:
    pass
elif x == 11332:
    pass
elif x == 11333:
    pass
elif x == 11334:
    pass
elif x == 11335:
    pass
elif x == 11336:
    pass
elif x == 11337:
    pass
elif x == 11338:
    pass
elif x == 11339:
    pass
elif x == 11340:
    pass
elif x == 11341:
    pass
elif x == 11342:
    pass
elif x == 11343:
    pass
elif x == 11344:
    pass
elif x == 11345:
    pass
elif x == 11346:
    pass
elif x == 11347:
    pass
elif x == 11348:
    pass
elif x == 11349:
    pass
elif x == 11350:
    pass
elif x == 11351:
    pass
elif x == 11352:
    pass
elif x == 11353:
    pass
elif x == 11354:
    pass
elif x == 11355:
    pass
elif x == 11356:
    pass
elif x == 11357:
    pass
elif x == 11358:
    pass
elif x == 11359:
    pass
elif x == 11360:
    pass
elif x == 11361:
    pass
elif x == 11362:
    pass
elif x == 11363:
    pass
elif x == 11364:
    pass
elif x == 11365:
    pass
elif x == 11366:
    pass
elif x == 11367:
    pass
elif x == 11368:
    pass
elif x == 11369:
    pass
elif x == 11370:
    pass
elif x == 11371:
    pass
elif x == 11372:
    pass
elif x == 11373:
    pass
elif x == 11374:
    pass
elif x == 11375:
    pass
elif x == 11376:
    pass
elif x == 11377:
    pass
elif x == 11378:
    pass
elif x == 11379:
    pass
elif x == 11380:
    pass
elif x == 11381:
    pass
elif x == 11382:
    pass
elif x == 11383:
    pass
elif x == 11384:
    pass
elif x == 11385:
    pass
elif x == 11386:
    pass
elif x == 11387:
    pass
elif x == 11388:
    pass
elif x == 11389:
    pass
elif x == 11390:
    pass
elif x == 11391:
    pass
elif x == 11392:
    pass
elif x == 11393:
    pass
elif x == 11394:
    pass
elif x == 11395:
    pass
elif x == 11396:
    pass
elif x == 11397:
    pass
elif x == 11398:
    pass
elif x == 11399:
    pass
elif x == 11400:
    pass
elif x == 11401:
    pass
elif x == 11402:
    pass
elif x == 11403:
    pass
elif x == 11404:
    pass
elif x == 11405:
    pass
elif x == 11406:
    pass
elif x == 11407:
    pass
elif x == 11408:
    pass
elif x == 11409:
    pass
elif x == 11410:
    pass
elif x == 11411:
    pass
elif x == 11412:
    pass
elif x == 11413:
    pass
elif x == 11414:
    pass
elif x == 11415:
    pass
elif x == 11416:
    pass
elif x == 11417:
    pass
elif x == 11418:
    pass
elif x == 11419:
    pass
elif x == 11420:
    pass
elif x == 11421:
    pass
elif x == 11422:
    pass
elif x == 11423:
    pass
elif x == 11424:
    pass
elif x == 11425:
    pass
elif x == 11426:
    pass
elif x == 11427:
    pass
elif x == 11428:
    pass
elif x == 11429:
    pass
elif x == 11430:
    pass
elif x == 11431:
    pass
elif x == 11432:
    pass
elif x == 11433:
    pass
elif x == 11434:
    pass
elif x == 11435:
    pass
elif x == 11436:
    pass
elif x == 11437:
    pass
elif x == 11438:
    pass
elif x == 11439:
    pass
elif x == 11440:
    pass
elif x == 11441:
    pass
elif x == 11442:
    pass
elif x == 11443:
    pass
elif x == 11444:
    pass
elif x == 11445:
    pass
elif x == 11446:
    pass
elif x == 11447:
    pass
elif x == 11448:
    pass
elif x == 11449:
    pass
elif x == 11450:
    pass
elif x == 11451:
    pass
elif x == 11452:
    pass
elif x == 11453:
    pass
elif x == 11454:
    pass
elif x == 11455:
    pass
elif x == 11456:
    pass
elif x == 11457:
    pass
elif x == 11458:
    pass
elif x == 11459:
    pass
elif x == 11460:
    pass
elif x == 11461:
    pass
elif x == 11462:
    pass
elif x == 11463:
    pass
elif x == 11464:
    pass
elif x == 11465:
    pass
elif x == 11466:
    pass
elif x == 11467:
    pass
elif x == 11468:
    pass
elif x == 11469:
    pass
elif x == 11470:
    pass
elif x == 11471:
    pass
elif x == 11472:
    pass
elif x == 11473:
    pass
elif x == 11474:
    pass
elif x == 11475:
    pass
elif x == 11476:
    pass
elif x == 11477:
    pass
elif x == 11478:
    pass
elif x == 11479:
    pass
elif x == 11480:
    pass
elif x == 11481:
    pass
elif x == 11482:
    pass
elif x == 11483:
    pass
elif x == 11484:
    pass
elif x == 11485:
    pass
elif x == 11486:
    pass
elif x == 11487:
    pass
elif x == 11488:
    pass
elif x == 11489:
    pass
elif x == 11490:
    pass
elif x == 11491:
    pass
elif x == 11492:
    pass
elif x == 11493:
    pass
elif x == 11494:
    pass
elif x == 11495:
    pass
elif x == 11496:
    pass
elif x == 11497:
    pass
elif x == 11498:
    pass
elif x == 11499:
    pass
elif x == 11500:
    pass
elif x == 11501:
    pass
elif x == 11502:
    pass
elif x == 11503:
    pass
elif x == 11504:
    pass
elif x == 11505:
    pass
elif x == 11506:
    pass
elif x == 11507:
    pass
elif x == 11508:
    pass
elif x == 11509:
    pass
elif x == 11510:
    pass
elif x == 11511:
    pass
elif x == 11512:
    pass
elif x == 11513:
    pass
elif x == 11514:
    pass
elif x == 11515:
    pass
elif x == 11516:
    pass
elif x == 11517:
    pass
elif x == 11518:
    pass
elif x == 11519:
    pass
elif x == 11520:
    pass
elif x == 11521:
    pass
elif x == 11522:
    pass
elif x == 11523:
    pass
elif x == 11524:
    pass
elif x == 11525:
    pass
elif x == 11526:
    pass
elif x == 11527:
    pass
elif x == 11528:
    pass
elif x == 11529:
    pass
elif x == 11530:
    pass
elif x == 11531:
    pass
elif x == 11532:
    pass
elif x == 11533:
    pass
elif x == 11534:
    pass
elif x == 11535:
    pass
elif x == 11536:
    pass
elif x == 11537:
    pass
elif x == 11538:
    pass
elif x == 11539:
    pass
elif x == 11540:
    pass
elif x == 11541:
    pass
elif x == 11542:
    pass
elif x == 11543:
    pass
elif x == 11544:
    pass
elif x == 11545:
    pass
elif x == 11546:
    pass
elif x == 11547:
    pass
elif x == 11548:
    pass
elif x == 11549:
    pass
elif x == 11550:
    pass
elif x == 11551:
    pass
elif x == 11552:
    pass
elif x == 11553:
    pass
elif x == 11554:
    pass
elif x == 11555:
    pass
elif x == 11556:
    pass
elif x == 11557:
    pass
elif x == 11558:
    pass
elif x == 11559:
    pass
elif x == 11560:
    pass
elif x == 11561:
    pass
elif x == 11562:
    pass
elif x == 11563:
    pass
elif x == 11564:
    pass
elif x == 11565:
    pass
elif x == 11566:
    pass
elif x == 11567:
    pass
elif x == 11568:
    pass
elif x == 11569:
    pass
elif x == 11570:
    pass
elif x == 11571:
    pass
elif x == 11572:
    pass
elif x == 11573:
    pass
elif x == 11574:
    pass
elif x == 11575:
    pass
elif x == 11576:
    pass
elif x == 11577:
    pass
elif x == 11578:
    pass
elif x == 11579:
    pass
elif x == 11580:
    pass
elif x == 11581:
    pass
elif x == 11582:
    pass
elif x == 11583:
    pass
elif x == 11584:
    pass
elif x == 11585:
    pass
elif x == 11586:
    pass
elif x == 11587:
    pass
elif x == 11588:
    pass
elif x == 11589:
    pass
elif x == 11590:
    pass
elif x == 11591:
    pass
elif x == 11592:
    pass
elif x == 11593:
    pass
elif x == 11594:
    pass
elif x == 11595:
    pass
elif x == 11596:
    pass
elif x == 11597:
    pass
elif x == 11598:
    pass
elif x == 11599:
    pass
elif x == 11600:
    pass
elif x == 11601:
    pass
elif x == 11602:
    pass
elif x == 11603:
    pass
elif x == 11604:
    pass
elif x == 11605:
    pass
elif x == 11606:
    pass
elif x == 11607:
    pass
elif x == 11608:
    pass
elif x == 11609:
    pass
elif x == 11610:
    pass
elif x == 11611:
    pass
elif x == 11612:
    pass
elif x == 11613:
    pass
elif x == 11614:
    pass
elif x == 11615:
    pass
elif x == 11616:
    pass
elif x == 11617:
    pass
elif x == 11618:
    pass
elif x == 11619:
    pass
elif x == 11620:
    pass
elif x == 11621:
    pass
elif x == 11622:
    pass
elif x == 11623:
    pass
elif x == 11624:
    pass
elif x == 11625:
    pass
elif x == 11626:
    pass
elif x == 11627:
    pass
elif x == 11628:
    pass
elif x == 11629:
    pass
elif x == 11630:
    pass
elif x == 11631:
    pass
elif x == 11632:
    pass
elif x == 11633:
    pass
elif x == 11634:
    pass
elif x == 11635:
    pass
elif x == 11636:
    pass
elif x == 11637:
    pass
elif x == 11638:
    pass
elif x == 11639:
    pass
elif x == 11640:
    pass
elif x == 11641:
    pass
elif x == 11642:
    pass
elif x == 11643:
    pass
elif x == 11644:
    pass
elif x == 11645:
    pass
elif x == 11646:
    pass
elif x == 11647:
    pass
elif x == 11648:
    pass
elif x == 11649:
    pass
elif x == 11650:
    pass
elif x == 11651:
    pass
elif x == 11652:
    pass
elif x == 11653:
    pass
elif x == 11654:
    pass
elif x == 11655:
    pass
elif x == 11656:
    pass
elif x == 11657:
    pass
elif x == 11658:
    pass
elif x == 11659:
    pass
elif x == 11660:
    pass
elif x == 11661:
    pass
elif x == 11662:
    pass
elif x == 11663:
    pass
elif x == 11664:
    pass
elif x == 11665:
    pass
elif x == 11666:
    pass
elif x == 11667:
    pass
elif x == 11668:
    pass
elif x == 11669:
    pass
elif x == 11670:
    pass
elif x == 11671:
    pass
elif x == 11672:
    pass
elif x == 11673:
    pass
elif x == 11674:
    pass
elif x == 11675:
    pass
elif x == 11676:
    pass
elif x == 11677:
    pass
elif x == 11678:
    pass
elif x == 11679:
    pass
elif x == 11680:
    pass
elif x == 11681:
    pass
elif x == 11682:
    pass
elif x == 11683:
    pass
elif x == 11684:
    pass
elif x == 11685:
    pass
elif x == 11686:
    pass
elif x == 11687:
    pass
elif x == 11688:
    pass
elif x == 11689:
    pass
elif x == 11690:
    pass
elif x == 11691:
    pass
elif x == 11692:
    pass
elif x == 11693:
    pass
elif x == 11694:
    pass
elif x == 11695:
    pass
elif x == 11696:
    pass
elif x == 11697:
    pass
elif x == 11698:
    pass
elif x == 11699:
    pass
elif x == 11700:
    pass
elif x == 11701:
    pass
elif x == 11702:
    pass
elif x == 11703:
    pass
elif x == 11704:
    pass
elif x == 11705:
    pass
elif x == 11706:
    pass
elif x == 11707:
    pass
elif x == 11708:
    pass
elif x == 11709:
    pass
elif x == 11710:
    pass
elif x == 11711:
    pass
elif x == 11712:
    pass
elif x == 11713:
    pass
elif x == 11714:
    pass
elif x == 11715:
    pass
elif x == 11716:
    pass
elif x == 11717:
    pass
elif x == 11718:
    pass
elif x == 11719:
    pass
elif x == 11720:
    pass
elif x == 11721:
    pass
elif x == 11722:
    pass
elif x == 11723:
    pass
elif x == 11724:
    pass
elif x == 11725:
    pass
elif x == 11726:
    pass
elif x == 11727:
    pass
elif x == 11728:
    pass
elif x == 11729:
    pass
elif x == 11730:
    pass
elif x == 11731:
    pass
elif x == 11732:
    pass
elif x == 11733:
    pass
elif x == 11734:
    pass
elif x == 11735:
    pass
elif x == 11736:
    pass
elif x == 11737:
    pass
elif x == 11738:
    pass
elif x == 11739:
    pass
elif x == 11740:
    pass
elif x == 11741:
    pass
elif x == 11742:
    pass
elif x == 11743:
    pass
elif x == 11744:
    pass
elif x == 11745:
    pass
elif x == 11746:
    pass
elif x == 11747:
    pass
elif x == 11748:
    pass
elif x == 11749:
    pass
elif x == 11750:
    pass
elif x == 11751:
    pass
elif x == 11752:
    pass
elif x == 11753:
    pass
elif x == 11754:
    pass
elif x == 11755:
    pass
elif x == 11756:
    pass
elif x == 11757:
    pass
elif x == 11758:
    pass
elif x == 11759:
    pass
elif x == 11760:
    pass
elif x == 11761:
    pass
elif x == 11762:
    pass
elif x == 11763:
    pass
elif x == 11764:
    pass
elif x == 11765:
    pass
elif x == 11766:
    pass
elif x == 11767:
    pass
elif x == 11768:
    pass
elif x == 11769:
    pass
elif x == 11770:
    pass
elif x == 11771:
    pass
elif x == 11772:
    pass
elif x == 11773:
    pass
elif x == 11774:
    pass
elif x == 11775:
    pass
elif x == 11776:
    pass
elif x == 11777:
    pass
elif x == 11778:
    pass
elif x == 11779:
    pass
elif x == 11780:
    pass
elif x == 11781:
    pass
elif x == 11782:
    pass
elif x == 11783:
    pass
elif x == 11784:
    pass
elif x == 11785:
    pass
elif x == 11786:
    pass
elif x == 11787:
    pass
elif x == 11788:
    pass
elif x == 11789:
    pass
elif x == 11790:
    pass
elif x == 11791:
    pass
elif x == 11792:
    pass
elif x == 11793:
    pass
elif x == 11794:
    pass
elif x == 11795:
    pass
elif x == 11796:
    pass
elif x == 11797:
    pass
elif x == 11798:
    pass
elif x == 11799:
    pass
elif x == 11800:
    pass
elif x == 11801:
    pass
elif x == 11802:
    pass
elif x == 11803:
    pass
elif x == 11804:
    pass
elif x == 11805:
    pass
elif x == 11806:
    pass
elif x == 11807:
    pass
elif x == 11808:
    pass
elif x == 11809:
    pass
elif x == 11810:
    pass
elif x == 11811:
    pass
elif x == 11812:
    pass
elif x == 11813:
    pass
elif x == 11814:
    pass
elif x == 11815:
    pass
elif x == 11816:
    pass
elif x == 11817:
    pass
elif x == 11818:
    pass
elif x == 11819:
    pass
elif x == 11820:
    pass
elif x == 11821:
    pass
elif x == 11822:
    pass
elif x == 11823:
    pass
elif x == 11824:
    pass
elif x == 11825:
    pass
elif x == 11826:
    pass
elif x == 11827:
    pass
elif x == 11828:
    pass
elif x == 11829:
    pass
elif x == 11830:
    pass
elif x == 11831:
    pass
elif x == 11832:
    pass
elif x == 11833:
    pass
elif x == 11834:
    pass
elif x == 11835:
    pass
elif x == 11836:
    pass
elif x == 11837:
    pass
elif x == 11838:
    pass
elif x == 11839:
    pass
elif x == 11840:
    pass
elif x == 11841:
    pass
elif x == 11842:
    pass
elif x == 11843:
    pass
elif x == 11844:
    pass
elif x == 11845:
    pass
elif x == 11846:
    pass
elif x == 11847:
    pass
elif x == 11848:
    pass
elif x == 11849:
    pass
elif x == 11850:
    pass
elif x == 11851:
    pass
elif x == 11852:
    pass
elif x == 11853:
    pass
elif x == 11854:
    pass
elif x == 11855:
    pass
elif x == 11856:
    pass
elif x == 11857:
    pass
elif x == 11858:
    pass
elif x == 11859:
    pass
elif x == 11860:
    pass
elif x == 11861:
    pass
elif x == 11862:
    pass
elif x == 11863:
    pass
elif x == 11864:
    pass
elif x == 11865:
    pass
elif x == 11866:
    pass
elif x == 11867:
    pass
elif x == 11868:
    pass
elif x == 11869:
    pass
elif x == 11870:
    pass
elif x == 11871:
    pass
elif x == 11872:
    pass
elif x == 11873:
    pass
elif x == 11874:
    pass
elif x == 11875:
    pass
elif x == 11876:
    pass
elif x == 11877:
    pass
elif x == 11878:
    pass
elif x == 11879:
    pass
elif x == 11880:
    pass
elif x == 11881:
    pass
elif x == 11882:
    pass
elif x == 11883:
    pass
elif x == 11884:
    pass
elif x == 11885:
    pass
elif x == 11886:
    pass
elif x == 11887:
    pass
elif x == 11888:
    pass
elif x == 11889:
    pass
elif x == 11890:
    pass
elif x == 11891:
    pass
elif x == 11892:
    pass
elif x == 11893:
    pass
elif x == 11894:
    pass
elif x == 11895:
    pass
elif x == 11896:
    pass
elif x == 11897:
    pass
elif x == 11898:
    pass
elif x == 11899:
    pass
elif x == 11900:
    pass
elif x == 11901:
    pass
elif x == 11902:
    pass
elif x == 11903:
    pass
elif x == 11904:
    pass
elif x == 11905:
    pass
elif x == 11906:
    pass
elif x == 11907:
    pass
elif x == 11908:
    pass
elif x == 11909:
    pass
elif x == 11910:
    pass
elif x == 11911:
    pass
elif x == 11912:
    pass
elif x == 11913:
    pass
elif x == 11914:
    pass
elif x == 11915:
    pass
elif x == 11916:
    pass
elif x == 11917:
    pass
elif x == 11918:
    pass
elif x == 11919:
    pass
elif x == 11920:
    pass
elif x == 11921:
    pass
elif x == 11922:
    pass
elif x == 11923:
    pass
elif x == 11924:
    pass
elif x == 11925:
    pass
elif x == 11926:
    pass
elif x == 11927:
    pass
elif x == 11928:
    pass
elif x == 11929:
    pass
elif x == 11930:
    pass
elif x == 11931:
    pass
elif x == 11932:
    pass
elif x == 11933:
    pass
elif x == 11934:
    pass
elif x == 11935:
    pass
elif x == 11936:
    pass
elif x == 11937:
    pass
elif x == 11938:
    pass
elif x == 11939:
    pass
elif x == 11940:
    pass
elif x == 11941:
    pass
elif x == 11942:
    pass
elif x == 11943:
    pass
elif x == 11944:
    pass
elif x == 11945:
    pass
elif x == 11946:
    pass
elif x == 11947:
    pass
elif x == 11948:
    pass
elif x == 11949:
    pass
elif x == 11950:
    pass
elif x == 11951:
    pass
elif x == 11952:
    pass
elif x == 11953:
    pass
elif x == 11954:
    pass
elif x == 11955:
    pass
elif x == 11956:
    pass
elif x == 11957:
    pass
elif x == 11958:
    pass
elif x == 11959:
    pass
elif x == 11960:
    pass
elif x == 11961:
    pass
elif x == 11962:
    pass
elif x == 11963:
    pass
elif x == 11964:
    pass
elif x == 11965:
    pass
elif x == 11966:
    pass
elif x == 11967:
    pass
elif x == 11968:
    pass
elif x == 11969:
    pass
elif x == 11970:
    pass
elif x == 11971:
    pass
elif x == 11972:
    pass
elif x == 11973:
    pass
elif x == 11974:
    pass
elif x == 11975:
    pass
elif x == 11976:
    pass
elif x == 11977:
    pass
elif x == 11978:
    pass
elif x == 11979:
    pass
elif x == 11980:
    pass
elif x == 11981:
    pass
elif x == 11982:
    pass
elif x == 11983:
    pass
elif x == 11984:
    pass
elif x == 11985:
    pass
elif x == 11986:
    pass
elif x == 11987:
    pass
elif x == 11988:
    pass
elif x == 11989:
    pass
elif x == 11990:
    pass
elif x == 11991:
    pass
elif x == 11992:
    pass
elif x == 11993:
    pass
elif x == 11994:
    pass
elif x == 11995:
    pass
elif x == 11996:
    pass
elif x == 11997:
    pass
elif x == 11998:
    pass
elif x == 11999:
    pass
elif x == 12000:
    pass
elif x == 12001:
    pass
elif x == 12002:
    pass
elif x == 12003:
    pass
elif x == 12004:
    pass
elif x == 12005:
    pass
elif x == 12006:
    pass
elif x == 12007:
    pass
elif x == 12008:
    pass
elif x == 12009:
    pass
elif x == 12010:
    pass
elif x == 12011:
    pass
elif x == 12012:
    pass
elif x == 12013:
    pass
elif x == 12014:
    pass
elif x == 12015:
    pass
elif x == 12016:
    pass
elif x == 12017:
    pass
elif x == 12018:
    pass
elif x == 12019:
    pass
elif x == 12020:
    pass
elif x == 12021:
    pass
elif x == 12022:
    pass
elif x == 12023:
    pass
elif x == 12024:
    pass
elif x == 12025:
    pass
elif x == 12026:
    pass
elif x == 12027:
    pass
elif x == 12028:
    pass
elif x == 12029:
    pass
elif x == 12030:
    pass
elif x == 12031:
    pass
elif x == 12032:
    pass
elif x == 12033:
    pass
elif x == 12034:
    pass
elif x == 12035:
    pass
elif x == 12036:
    pass
elif x == 12037:
    pass
elif x == 12038:
    pass
elif x == 12039:
    pass
elif x == 12040:
    pass
elif x == 12041:
    pass
elif x == 12042:
    pass
elif x == 12043:
    pass
elif x == 12044:
    pass
elif x == 12045:
    pass
elif x == 12046:
    pass
elif x == 12047:
    pass
elif x == 12048:
    pass
elif x == 12049:
    pass
elif x == 12050:
    pass
elif x == 12051:
    pass
elif x == 12052:
    pass
elif x == 12053:
    pass
elif x == 12054:
    pass
elif x == 12055:
    pass
elif x == 12056:
    pass
elif x == 12057:
    pass
elif x == 12058:
    pass
elif x == 12059:
    pass
elif x == 12060:
    pass
elif x == 12061:
    pass
elif x == 12062:
    pass
elif x == 12063:
    pass
elif x == 12064:
    pass
elif x == 12065:
    pass
elif x == 12066:
    pass
elif x == 12067:
    pass
elif x == 12068:
    pass
elif x == 12069:
    pass
elif x == 12070:
    pass
elif x == 12071:
    pass
elif x == 12072:
    pass
elif x == 12073:
    pass
elif x == 12074:
    pass
elif x == 12075:
    pass
elif x == 12076:
    pass
elif x == 12077:
    pass
elif x == 12078:
    pass
elif x == 12079:
    pass
elif x == 12080:
    pass
elif x == 12081:
    pass
elif x == 12082:
    pass
elif x == 12083:
    pass
elif x == 12084:
    pass
elif x == 12085:
    pass
elif x == 12086:
    pass
elif x == 12087:
    pass
elif x == 12088:
    pass
elif x == 12089:
    pass
elif x == 12090:
    pass
elif x == 12091:
    pass
elif x == 12092:
    pass
elif x == 12093:
    pass
elif x == 12094:
    pass
elif x == 12095:
    pass
elif x == 12096:
    pass
elif x == 12097:
    pass
elif x == 12098:
    pass
elif x == 12099:
    pass
elif x == 12100:
    pass
elif x == 12101:
    pass
elif x == 12102:
    pass
elif x == 12103:
    pass
elif x == 12104:
    pass
elif x == 12105:
    pass
elif x == 12106:
    pass
elif x == 12107:
    pass
elif x == 12108:
    pass
elif x == 12109:
    pass
elif x == 12110:
    pass
elif x == 12111:
    pass
elif x == 12112:
    pass
elif x == 12113:
    pass
elif x == 12114:
    pass
elif x == 12115:
    pass
elif x == 12116:
    pass
elif x == 12117:
    pass
elif x == 12118:
    pass
elif x == 12119:
    pass
elif x == 12120:
    pass
elif x == 12121:
    pass
elif x == 12122:
    pass
elif x == 12123:
    pass
elif x == 12124:
    pass
elif x == 12125:
    pass
elif x == 12126:
    pass
elif x == 12127:
    pass
elif x == 12128:
    pass
elif x == 12129:
    pass
elif x == 12130:
    pass
elif x == 12131:
    pass
elif x == 12132:
    pass
elif x == 12133:
    pass
elif x == 12134:
    pass
elif x == 12135:
    pass
elif x == 12136:
    pass
elif x == 12137:
    pass
elif x == 12138:
    pass
elif x == 12139:
    pass
elif x == 12140:
    pass
elif x == 12141:
    pass
elif x == 12142:
    pass
elif x == 12143:
    pass
elif x == 12144:
    pass
elif x == 12145:
    pass
elif x == 12146:
    pass
elif x == 12147:
    pass
elif x == 12148:
    pass
elif x == 12149:
    pass
elif x == 12150:
    pass
elif x == 12151:
    pass
elif x == 12152:
    pass
elif x == 12153:
    pass
elif x == 12154:
    pass
elif x == 12155:
    pass
elif x == 12156:
    pass
elif x == 12157:
    pass
elif x == 12158:
    pass
elif x == 12159:
    pass
elif x == 12160:
    pass
elif x == 12161:
    pass
elif x == 12162:
    pass
elif x == 12163:
    pass
elif x == 12164:
    pass
elif x == 12165:
    pass
elif x == 12166:
    pass
elif x == 12167:
    pass
elif x == 12168:
    pass
elif x == 12169:
    pass
elif x == 12170:
    pass
elif x == 12171:
    pass
elif x == 12172:
    pass
elif x == 12173:
    pass
elif x == 12174:
    pass
elif x == 12175:
    pass
elif x == 12176:
    pass
elif x == 12177:
    pass
elif x == 12178:
    pass
elif x == 12179:
    pass
elif x == 12180:
    pass
elif x == 12181:
    pass
elif x == 12182:
    pass
elif x == 12183:
    pass
elif x == 12184:
    pass
elif x == 12185:
    pass
elif x == 12186:
    pass
elif x == 12187:
    pass
elif x == 12188:
    pass
elif x == 12189:
    pass
elif x == 12190:
    pass
elif x == 12191:
    pass
elif x == 12192:
    pass
elif x == 12193:
    pass
elif x == 12194:
    pass
elif x == 12195:
    pass
elif x == 12196:
    pass
elif x == 12197:
    pass
elif x == 12198:
    pass
elif x == 12199:
    pass
elif x == 12200:
    pass
elif x == 12201:
    pass
elif x == 12202:
    pass
elif x == 12203:
    pass
elif x == 12204:
    pass
elif x == 12205:
    pass
elif x == 12206:
    pass
elif x == 12207:
    pass
elif x == 12208:
    pass
elif x == 12209:
    pass
elif x == 12210:
    pass
elif x == 12211:
    pass
elif x == 12212:
    pass
elif x == 12213:
    pass
elif x == 12214:
    pass
elif x == 12215:
    pass
elif x == 12216:
    pass
elif x == 12217:
    pass
elif x == 12218:
    pass
elif x == 12219:
    pass
elif x == 12220:
    pass
elif x == 12221:
    pass
elif x == 12222:
    pass
elif x == 12223:
    pass
elif x == 12224:
    pass
elif x == 12225:
    pass
elif x == 12226:
    pass
elif x == 12227:
    pass
elif x == 12228:
    pass
elif x == 12229:
    pass
elif x == 12230:
    pass
elif x == 12231:
    pass
elif x == 12232:
    pass
elif x == 12233:
    pass
elif x == 12234:
    pass
elif x == 12235:
    pass
elif x == 12236:
    pass
elif x == 12237:
    pass
elif x == 12238:
    pass
elif x == 12239:
    pass
elif x == 12240:
    pass
elif x == 12241:
    pass
elif x == 12242:
    pass
elif x == 12243:
    pass
elif x == 12244:
    pass
elif x == 12245:
    pass
elif x == 12246:
    pass
elif x == 12247:
    pass
elif x == 12248:
    pass
elif x == 12249:
    pass
elif x == 12250:
    pass
elif x == 12251:
    pass
elif x == 12252:
    pass
elif x == 12253:
    pass
elif x == 12254:
    pass
elif x == 12255:
    pass
elif x == 12256:
    pass
elif x == 12257:
    pass
elif x == 12258:
    pass
elif x == 12259:
    pass
elif x == 12260:
    pass
elif x == 12261:
    pass
elif x == 12262:
    pass
elif x == 12263:
    pass
elif x == 12264:
    pass
elif x == 12265:
    pass
elif x == 12266:
    pass
elif x == 12267:
    pass
elif x == 12268:
    pass
elif x == 12269:
    pass
elif x == 12270:
    pass
elif x == 12271:
    pass
elif x == 12272:
    pass
elif x == 12273:
    pass
elif x == 12274:
    pass
elif x == 12275:
    pass
elif x == 12276:
    pass
elif x == 12277:
    pass
elif x == 12278:
    pass
elif x == 12279:
    pass
elif x == 12280:
    pass
elif x == 12281:
    pass
elif x == 12282:
    pass
elif x == 12283:
    pass
elif x == 12284:
    pass
elif x == 12285:
    pass
elif x == 12286:
    pass
elif x == 12287:
    pass
elif x == 12288:
    pass
elif x == 12289:
    pass
elif x == 12290:
    pass
elif x == 12291:
    pass
elif x == 12292:
    pass
elif x == 12293:
    pass
elif x == 12294:
    pass
elif x == 12295:
    pass
elif x == 12296:
    pass
elif x == 12297:
    pass
elif x == 12298:
    pass
elif x == 12299:
    pass
elif x == 12300:
    pass
elif x == 12301:
    pass
elif x == 12302:
    pass
elif x == 12303:
    pass
elif x == 12304:
    pass
elif x == 12305:
    pass
elif x == 12306:
    pass
elif x == 12307:
    pass
elif x == 12308:
    pass
elif x == 12309:
    pass
elif x == 12310:
    pass
elif x == 12311:
    pass
elif x == 12312:
    pass
elif x == 12313:
    pass
elif x == 12314:
    pass
elif x == 12315:
    pass
elif x == 12316:
    pass
elif x == 12317:
    pass
elif x == 12318:
    pass
elif x == 12319:
    pass
elif x == 12320:
    pass
elif x == 12321:
    pass
elif x == 12322:
    pass
elif x == 12323:
    pass
elif x == 12324:
    pass
elif x == 12325:
    pass
elif x == 12326:
    pass
elif x == 12327:
    pass
elif x == 12328:
    pass
elif x == 12329:
    pass
elif x == 12330:
    pass
elif x == 12331:
    pass
elif x == 12332:
    pass
elif x == 12333:
    pass
elif x == 12334:
    pass
elif x == 12335:
    pass
elif x == 12336:
    pass
elif x == 12337:
    pass
elif x == 12338:
    pass
elif x == 12339:
    pass
elif x == 12340:
    pass
elif x == 12341:
    pass
elif x == 12342:
    pass
elif x == 12343:
    pass
elif x == 12344:
    pass
elif x == 12345:
    pass
elif x == 12346:
    pass
elif x == 12347:
    pass
elif x == 12348:
    pass
elif x == 12349:
    pass
elif x == 12350:
    pass
elif x == 12351:
    pass
elif x == 12352:
    pass
elif x == 12353:
    pass
elif x == 12354:
    pass
elif x == 12355:
    pass
elif x == 12356:
    pass
elif x == 12357:
    pass
elif x == 12358:
    pass
elif x == 12359:
    pass
elif x == 12360:
    pass
elif x == 12361:
    pass
elif x == 12362:
    pass
elif x == 12363:
    pass
elif x == 12364:
    pass
elif x == 12365:
    pass
elif x == 12366:
    pass
elif x == 12367:
    pass
elif x == 12368:
    pass
elif x == 12369:
    pass
elif x == 12370:
    pass
elif x == 12371:
    pass
elif x == 12372:
    pass
elif x == 12373:
    pass
elif x == 12374:
    pass
elif x == 12375:
    pass
elif x == 12376:
    pass
elif x == 12377:
    pass
elif x == 12378:
    pass
elif x == 12379:
    pass
elif x == 12380:
    pass
elif x == 12381:
    pass
elif x == 12382:
    pass
elif x == 12383:
    pass
elif x == 12384:
    pass
elif x == 12385:
    pass
elif x == 12386:
    pass
elif x == 12387:
    pass
elif x == 12388:
    pass
elif x == 12389:
    pass
elif x == 12390:
    pass
elif x == 12391:
    pass
elif x == 12392:
    pass
elif x == 12393:
    pass
elif x == 12394:
    pass
elif x == 12395:
    pass
elif x == 12396:
    pass
elif x == 12397:
    pass
elif x == 12398:
    pass
elif x == 12399:
    pass
elif x == 12400:
    pass
elif x == 12401:
    pass
elif x == 12402:
    pass
elif x == 12403:
    pass
elif x == 12404:
    pass
elif x == 12405:
    pass
elif x == 12406:
    pass
elif x == 12407:
    pass
elif x == 12408:
    pass
elif x == 12409:
    pass
elif x == 12410:
    pass
elif x == 12411:
    pass
elif x == 12412:
    pass
elif x == 12413:
    pass
elif x == 12414:
    pass
elif x == 12415:
    pass
elif x == 12416:
    pass
elif x == 12417:
    pass
elif x == 12418:
    pass
elif x == 12419:
    pass
elif x == 12420:
    pass
elif x == 12421:
    pass
elif x == 12422:
    pass
elif x == 12423:
    pass
elif x == 12424:
    pass
elif x == 12425:
    pass
elif x == 12426:
    pass
elif x == 12427:
    pass
elif x == 12428:
    pass
elif x == 12429:
    pass
elif x == 12430:
    pass
elif x == 12431:
    pass
elif x == 12432:
    pass
elif x == 12433:
    pass
elif x == 12434:
    pass
elif x == 12435:
    pass
elif x == 12436:
    pass
elif x == 12437:
    pass
elif x == 12438:
    pass
elif x == 12439:
    pass
elif x == 12440:
    pass
elif x == 12441:
    pass
elif x == 12442:
    pass
elif x == 12443:
    pass
elif x == 12444:
    pass
elif x == 12445:
    pass
elif x == 12446:
    pass
elif x == 12447:
    pass
elif x == 12448:
    pass
elif x == 12449:
    pass
elif x == 12450:
    pass
elif x == 12451:
    pass
elif x == 12452:
    pass
elif x == 12453:
    pass
elif x == 12454:
    pass
elif x == 12455:
    pass
elif x == 12456:
    pass
elif x == 12457:
    pass
elif x == 12458:
    pass
elif x == 12459:
    pass
elif x == 12460:
    pass
elif x == 12461:
    pass
elif x == 12462:
    pass
elif x == 12463:
    pass
elif x == 12464:
    pass
elif x == 12465:
    pass
elif x == 12466:
    pass
elif x == 12467:
    pass
elif x == 12468:
    pass
elif x == 12469:
    pass
elif x == 12470:
    pass
elif x == 12471:
    pass
elif x == 12472:
    pass
elif x == 12473:
    pass
elif x == 12474:
    pass
elif x == 12475:
    pass
elif x == 12476:
    pass
elif x == 12477:
    pass
elif x == 12478:
    pass
elif x == 12479:
    pass
elif x == 12480:
    pass
elif x == 12481:
    pass
elif x == 12482:
    pass
elif x == 12483:
    pass
elif x == 12484:
    pass
elif x == 12485:
    pass
elif x == 12486:
    pass
elif x == 12487:
    pass
elif x == 12488:
    pass
elif x == 12489:
    pass
elif x == 12490:
    pass
elif x == 12491:
    pass
elif x == 12492:
    pass
elif x == 12493:
    pass
elif x == 12494:
    pass
elif x == 12495:
    pass
elif x == 12496:
    pass
elif x == 12497:
    pass
elif x == 12498:
    pass
elif x == 12499:
    pass
elif x == 12500:
    pass
elif x == 12501:
    pass
elif x == 12502:
    pass
elif x == 12503:
    pass
elif x == 12504:
    pass
elif x == 12505:
    pass
elif x == 12506:
    pass
elif x == 12507:
    pass
elif x == 12508:
    pass
elif x == 12509:
    pass
elif x == 12510:
    pass
elif x == 12511:
    pass
elif x == 12512:
    pass
elif x == 12513:
    pass
elif x == 12514:
    pass
elif x == 12515:
    pass
elif x == 12516:
    pass
elif x == 12517:
    pass
elif x == 12518:
    pass
elif x == 12519:
    pass
elif x == 12520:
    pass
elif x == 12521:
    pass
elif x == 12522:
    pass
elif x == 12523:
    pass
elif x == 12524:
    pass
elif x == 12525:
    pass
elif x == 12526:
    pass
elif x == 12527:
    pass
elif x == 12528:
    pass
elif x == 12529:
    pass
elif x == 12530:
    pass
elif x == 12531:
    pass
elif x == 12532:
    pass
elif x == 12533:
    pass
elif x == 12534:
    pass
elif x == 12535:
    pass
elif x == 12536:
    pass
elif x == 12537:
    pass
elif x == 12538:
    pass
elif x == 12539:
    pass
elif x == 12540:
    pass
elif x == 12541:
    pass
elif x == 12542:
    pass
elif x == 12543:
    pass
elif x == 12544:
    pass
elif x == 12545:
    pass
elif x == 12546:
    pass
elif x == 12547:
    pass
elif x == 12548:
    pass
elif x == 12549:
    pass
elif x == 12550:
    pass
elif x == 12551:
    pass
elif x == 12552:
    pass
elif x == 12553:
    pass
elif x == 12554:
    pass
elif x == 12555:
    pass
elif x == 12556:
    pass
elif x == 12557:
    pass
elif x == 12558:
    pass
elif x == 12559:
    pass
elif x == 12560:
    pass
elif x == 12561:
    pass
elif x == 12562:
    pass
elif x == 12563:
    pass
elif x == 12564:
    pass
elif x == 12565:
    pass
elif x == 12566:
    pass
elif x == 12567:
    pass
elif x == 12568:
    pass
elif x == 12569:
    pass
elif x == 12570:
    pass
elif x == 12571:
    pass
elif x == 12572:
    pass
elif x == 12573:
    pass
elif x == 12574:
    pass
elif x == 12575:
    pass
elif x == 12576:
    pass
elif x == 12577:
    pass
elif x == 12578:
    pass
elif x == 12579:
    pass
elif x == 12580:
    pass
elif x == 12581:
    pass
elif x == 12582:
    pass
elif x == 12583:
    pass
elif x == 12584:
    pass
elif x == 12585:
    pass
elif x == 12586:
    pass
elif x == 12587:
    pass
elif x == 12588:
    pass
elif x == 12589:
    pass
elif x == 12590:
    pass
elif x == 12591:
    pass
elif x == 12592:
    pass
elif x == 12593:
    pass
elif x == 12594:
    pass
elif x == 12595:
    pass
elif x == 12596:
    pass
elif x == 12597:
    pass
elif x == 12598:
    pass
elif x == 12599:
    pass
elif x == 12600:
    pass
elif x == 12601:
    pass
elif x == 12602:
    pass
elif x == 12603:
    pass
elif x == 12604:
    pass
elif x == 12605:
    pass
elif x == 12606:
    pass
elif x == 12607:
    pass
elif x == 12608:
    pass
elif x == 12609:
    pass
elif x == 12610:
    pass
elif x == 12611:
    pass
elif x == 12612:
    pass
elif x == 12613:
    pass
elif x == 12614:
    pass
elif x == 12615:
    pass
elif x == 12616:
    pass
elif x == 12617:
    pass
elif x == 12618:
    pass
elif x == 12619:
    pass
elif x == 12620:
    pass
elif x == 12621:
    pass
elif x == 12622:
    pass
elif x == 12623:
    pass
elif x == 12624:
    pass
elif x == 12625:
    pass
elif x == 12626:
    pass
elif x == 12627:
    pass
elif x == 12628:
    pass
elif x == 12629:
    pass
elif x == 12630:
    pass
elif x == 12631:
    pass
elif x == 12632:
    pass
elif x == 12633:
    pass
elif x == 12634:
    pass
elif x == 12635:
    pass
elif x == 12636:
    pass
elif x == 12637:
    pass
elif x == 12638:
    pass
elif x == 12639:
    pass
elif x == 12640:
    pass
elif x == 12641:
    pass
elif x == 12642:
    pass
elif x == 12643:
    pass
elif x == 12644:
    pass
elif x == 12645:
    pass
elif x == 12646:
    pass
elif x == 12647:
    pass
elif x == 12648:
    pass
elif x == 12649:
    pass
elif x == 12650:
    pass
elif x == 12651:
    pass
elif x == 12652:
    pass
elif x == 12653:
    pass
elif x == 12654:
    pass
elif x == 12655:
    pass
elif x == 12656:
    pass
elif x == 12657:
    pass
elif x == 12658:
    pass
elif x == 12659:
    pass
elif x == 12660:
    pass
elif x == 12661:
    pass
elif x == 12662:
    pass
elif x == 12663:
    pass
elif x == 12664:
    pass
elif x == 12665:
    pass
elif x == 12666:
    pass
elif x == 12667:
    pass
elif x == 12668:
    pass
elif x == 12669:
    pass
elif x == 12670:
    pass
elif x == 12671:
    pass
elif x == 12672:
    pass
elif x == 12673:
    pass
elif x == 12674:
    pass
elif x == 12675:
    pass
elif x == 12676:
    pass
elif x == 12677:
    pass
elif x == 12678:
    pass
elif x == 12679:
    pass
elif x == 12680:
    pass
elif x == 12681:
    pass
elif x == 12682:
    pass
elif x == 12683:
    pass
elif x == 12684:
    pass
elif x == 12685:
    pass
elif x == 12686:
    pass
elif x == 12687:
    pass
elif x == 12688:
    pass
elif x == 12689:
    pass
elif x == 12690:
    pass
elif x == 12691:
    pass
elif x == 12692:
    pass
elif x == 12693:
    pass
elif x == 12694:
    pass
elif x == 12695:
    pass
elif x == 12696:
    pass
elif x == 12697:
    pass
elif x == 12698:
    pass
elif x == 12699:
    pass
elif x == 12700:
    pass
elif x == 12701:
    pass
elif x == 12702:
    pass
elif x == 12703:
    pass
elif x == 12704:
    pass
elif x == 12705:
    pass
elif x == 12706:
    pass
elif x == 12707:
    pass
elif x == 12708:
    pass
elif x == 12709:
    pass
elif x == 12710:
    pass
elif x == 12711:
    pass
elif x == 12712:
    pass
elif x == 12713:
    pass
elif x == 12714:
    pass
elif x == 12715:
    pass
elif x == 12716:
    pass
elif x == 12717:
    pass
elif x == 12718:
    pass
elif x == 12719:
    pass
elif x == 12720:
    pass
elif x == 12721:
    pass
elif x == 12722:
    pass
elif x == 12723:
    pass
elif x == 12724:
    pass
elif x == 12725:
    pass
elif x == 12726:
    pass
elif x == 12727:
    pass
elif x == 12728:
    pass
elif x == 12729:
    pass
elif x == 12730:
    pass
elif x == 12731:
    pass
elif x == 12732:
    pass
elif x == 12733:
    pass
elif x == 12734:
    pass
elif x == 12735:
    pass
elif x == 12736:
    pass
elif x == 12737:
    pass
elif x == 12738:
    pass
elif x == 12739:
    pass
elif x == 12740:
    pass
elif x == 12741:
    pass
elif x == 12742:
    pass
elif x == 12743:
    pass
elif x == 12744:
    pass
elif x == 12745:
    pass
elif x == 12746:
    pass
elif x == 12747:
    pass
elif x == 12748:
    pass
elif x == 12749:
    pass
elif x == 12750:
    pass
elif x == 12751:
    pass
elif x == 12752:
    pass
elif x == 12753:
    pass
elif x == 12754:
    pass
elif x == 12755:
    pass
elif x == 12756:
    pass
elif x == 12757:
    pass
elif x == 12758:
    pass
elif x == 12759:
    pass
elif x == 12760:
    pass
elif x == 12761:
    pass
elif x == 12762:
    pass
elif x == 12763:
    pass
elif x == 12764:
    pass
elif x == 12765:
    pass
elif x == 12766:
    pass
elif x == 12767:
    pass
elif x == 12768:
    pass
elif x == 12769:
    pass
elif x == 12770:
    pass
elif x == 12771:
    pass
elif x == 12772:
    pass
elif x == 12773:
    pass
elif x == 12774:
    pass
elif x == 12775:
    pass
elif x == 12776:
    pass
elif x == 12777:
    pass
elif x == 12778:
    pass
elif x == 12779:
    pass
elif x == 12780:
    pass
elif x == 12781:
    pass
elif x == 12782:
    pass
elif x == 12783:
    pass
elif x == 12784:
    pass
elif x == 12785:
    pass
elif x == 12786:
    pass
elif x == 12787:
    pass
elif x == 12788:
    pass
elif x == 12789:
    pass
elif x == 12790:
    pass
elif x == 12791:
    pass
elif x == 12792:
    pass
elif x == 12793:
    pass
elif x == 12794:
    pass
elif x == 12795:
    pass
elif x == 12796:
    pass
elif x == 12797:
    pass
elif x == 12798:
    pass
elif x == 12799:
    pass
elif x == 12800:
    pass
elif x == 12801:
    pass
elif x == 12802:
    pass
elif x == 12803:
    pass
elif x == 12804:
    pass
elif x == 12805:
    pass
elif x == 12806:
    pass
elif x == 12807:
    pass
elif x == 12808:
    pass
elif x == 12809:
    pass
elif x == 12810:
    pass
elif x == 12811:
    pass
elif x == 12812:
    pass
elif x == 12813:
    pass
elif x == 12814:
    pass
elif x == 12815:
    pass
elif x == 12816:
    pass
elif x == 12817:
    pass
elif x == 12818:
    pass
elif x == 12819:
    pass
elif x == 12820:
    pass
elif x == 12821:
    pass
elif x == 12822:
    pass
elif x == 12823:
    pass
elif x == 12824:
    pass
elif x == 12825:
    pass
elif x == 12826:
    pass
elif x == 12827:
    pass
elif x == 12828:
    pass
elif x == 12829:
    pass
elif x == 12830:
    pass
elif x == 12831:
    pass
elif x == 12832:
    pass
elif x == 12833:
    pass
elif x == 12834:
    pass
elif x == 12835:
    pass
elif x == 12836:
    pass
elif x == 12837:
    pass
elif x == 12838:
    pass
elif x == 12839:
    pass
elif x == 12840:
    pass
elif x == 12841:
    pass
elif x == 12842:
    pass
elif x == 12843:
    pass
elif x == 12844:
    pass
elif x == 12845:
    pass
elif x == 12846:
    pass
elif x == 12847:
    pass
elif x == 12848:
    pass
elif x == 12849:
    pass
elif x == 12850:
    pass
elif x == 12851:
    pass
elif x == 12852:
    pass
elif x == 12853:
    pass
elif x == 12854:
    pass
elif x == 12855:
    pass
elif x == 12856:
    pass
elif x == 12857:
    pass
elif x == 12858:
    pass
elif x == 12859:
    pass
elif x == 12860:
    pass
elif x == 12861:
    pass
elif x == 12862:
    pass
elif x == 12863:
    pass
elif x == 12864:
    pass
elif x == 12865:
    pass
elif x == 12866:
    pass
elif x == 12867:
    pass
elif x == 12868:
    pass
elif x == 12869:
    pass
elif x == 12870:
    pass
elif x == 12871:
    pass
elif x == 12872:
    pass
elif x == 12873:
    pass
elif x == 12874:
    pass
elif x == 12875:
    pass
elif x == 12876:
    pass
elif x == 12877:
    pass
elif x == 12878:
    pass
elif x == 12879:
    pass
elif x == 12880:
    pass
elif x == 12881:
    pass
elif x == 12882:
    pass
elif x == 12883:
    pass
elif x == 12884:
    pass
elif x == 12885:
    pass
elif x == 12886:
    pass
elif x == 12887:
    pass
elif x == 12888:
    pass
elif x == 12889:
    pass
elif x == 12890:
    pass
elif x == 12891:
    pass
elif x == 12892:
    pass
elif x == 12893:
    pass
elif x == 12894:
    pass
elif x == 12895:
    pass
elif x == 12896:
    pass
elif x == 12897:
    pass
elif x == 12898:
    pass
elif x == 12899:
    pass
elif x == 12900:
    pass
elif x == 12901:
    pass
elif x == 12902:
    pass
elif x == 12903:
    pass
elif x == 12904:
    pass
elif x == 12905:
    pass
elif x == 12906:
    pass
elif x == 12907:
    pass
elif x == 12908:
    pass
elif x == 12909:
    pass
elif x == 12910:
    pass
elif x == 12911:
    pass
elif x == 12912:
    pass
elif x == 12913:
    pass
elif x == 12914:
    pass
elif x == 12915:
    pass
elif x == 12916:
    pass
elif x == 12917:
    pass
elif x == 12918:
    pass
elif x == 12919:
    pass
elif x == 12920:
    pass
elif x == 12921:
    pass
elif x == 12922:
    pass
elif x == 12923:
    pass
elif x == 12924:
    pass
elif x == 12925:
    pass
elif x == 12926:
    pass
elif x == 12927:
    pass
elif x == 12928:
    pass
elif x == 12929:
    pass
elif x == 12930:
    pass
elif x == 12931:
    pass
elif x == 12932:
    pass
elif x == 12933:
    pass
elif x == 12934:
    pass
elif x == 12935:
    pass
elif x == 12936:
    pass
elif x == 12937:
    pass
elif x == 12938:
    pass
elif x == 12939:
    pass
elif x == 12940:
    pass
elif x == 12941:
    pass
elif x == 12942:
    pass
elif x == 12943:
    pass
elif x == 12944:
    pass
elif x == 12945:
    pass
elif x == 12946:
    pass
elif x == 12947:
    pass
elif x == 12948:
    pass
elif x == 12949:
    pass
elif x == 12950:
    pass
elif x == 12951:
    pass
elif x == 12952:
    pass
elif x == 12953:
    pass
elif x == 12954:
    pass
elif x == 12955:
    pass
elif x == 12956:
    pass
elif x == 12957:
    pass
elif x == 12958:
    pass
elif x == 12959:
    pass
elif x == 12960:
    pass
elif x == 12961:
    pass
elif x == 12962:
    pass
elif x == 12963:
    pass
elif x == 12964:
    pass
elif x == 12965:
    pass
elif x == 12966:
    pass
elif x == 12967:
    pass
elif x == 12968:
    pass
elif x == 12969:
    pass
elif x == 12970:
    pass
elif x == 12971:
    pass
elif x == 12972:
    pass
elif x == 12973:
    pass
elif x == 12974:
    pass
elif x == 12975:
    pass
elif x == 12976:
    pass
elif x == 12977:
    pass
elif x == 12978:
    pass
elif x == 12979:
    pass
elif x == 12980:
    pass
elif x == 12981:
    pass
elif x == 12982:
    pass
elif x == 12983:
    pass
elif x == 12984:
    pass
elif x == 12985:
    pass
elif x == 12986:
    pass
elif x == 12987:
    pass
elif x == 12988:
    pass
elif x == 12989:
    pass
elif x == 12990:
    pass
elif x == 12991:
    pass
elif x == 12992:
    pass
elif x == 12993:
    pass
elif x == 12994:
    pass
elif x == 12995:
    pass
elif x == 12996:
    pass
elif x == 12997:
    pass
elif x == 12998:
    pass
elif x == 12999:
    pass
elif x == 13000:
    pass
elif x == 13001:
    pass
elif x == 13002:
    pass
elif x == 13003:
    pass
elif x == 13004:
    pass
elif x == 13005:
    pass
elif x == 13006:
    pass
elif x == 13007:
    pass
elif x == 13008:
    pass
elif x == 13009:
    pass
elif x == 13010:
    pass
elif x == 13011:
    pass
elif x == 13012:
    pass
elif x == 13013:
    pass
elif x == 13014:
    pass
elif x == 13015:
    pass
elif x == 13016:
    pass
elif x == 13017:
    pass
elif x == 13018:
    pass
elif x == 13019:
    pass
elif x == 13020:
    pass
elif x == 13021:
    pass
elif x == 13022:
    pass
elif x == 13023:
    pass
elif x == 13024:
    pass
elif x == 13025:
    pass
elif x == 13026:
    pass
elif x == 13027:
    pass
elif x == 13028:
    pass
elif x == 13029:
    pass
elif x == 13030:
    pass
elif x == 13031:
    pass
elif x == 13032:
    pass
elif x == 13033:
    pass
elif x == 13034:
    pass
elif x == 13035:
    pass
elif x == 13036:
    pass
elif x == 13037:
    pass
elif x == 13038:
    pass
elif x == 13039:
    pass
elif x == 13040:
    pass
elif x == 13041:
    pass
elif x == 13042:
    pass
elif x == 13043:
    pass
elif x == 13044:
    pass
elif x == 13045:
    pass
elif x == 13046:
    pass
elif x == 13047:
    pass
elif x == 13048:
    pass
elif x == 13049:
    pass
elif x == 13050:
    pass
elif x == 13051:
    pass
elif x == 13052:
    pass
elif x == 13053:
    pass
elif x == 13054:
    pass
elif x == 13055:
    pass
elif x == 13056:
    pass
elif x == 13057:
    pass
elif x == 13058:
    pass
elif x == 13059:
    pass
elif x == 13060:
    pass
elif x == 13061:
    pass
elif x == 13062:
    pass
elif x == 13063:
    pass
elif x == 13064:
    pass
elif x == 13065:
    pass
elif x == 13066:
    pass
elif x == 13067:
    pass
elif x == 13068:
    pass
elif x == 13069:
    pass
elif x == 13070:
    pass
elif x == 13071:
    pass
elif x == 13072:
    pass
elif x == 13073:
    pass
elif x == 13074:
    pass
elif x == 13075:
    pass
elif x == 13076:
    pass
elif x == 13077:
    pass
elif x == 13078:
    pass
elif x == 13079:
    pass
elif x == 13080:
    pass
elif x == 13081:
    pass
elif x == 13082:
    pass
elif x == 13083:
    pass
elif x == 13084:
    pass
elif x == 13085:
    pass
elif x == 13086:
    pass
elif x == 13087:
    pass
elif x == 13088:
    pass
elif x == 13089:
    pass
elif x == 13090:
    pass
elif x == 13091:
    pass
elif x == 13092:
    pass
elif x == 13093:
    pass
elif x == 13094:
    pass
elif x == 13095:
    pass
elif x == 13096:
    pass
elif x == 13097:
    pass
elif x == 13098:
    pass
elif x == 13099:
    pass
elif x == 13100:
    pass
elif x == 13101:
    pass
elif x == 13102:
    pass
elif x == 13103:
    pass
elif x == 13104:
    pass
elif x == 13105:
    pass
elif x == 13106:
    pass
elif x == 13107:
    pass
elif x == 13108:
    pass
elif x == 13109:
    pass
elif x == 13110:
    pass
elif x == 13111:
    pass
elif x == 13112:
    pass
elif x == 13113:
    pass
elif x == 13114:
    pass
elif x == 13115:
    pass
elif x == 13116:
    pass
elif x == 13117:
    pass
elif x == 13118:
    pass
elif x == 13119:
    pass
elif x == 13120:
    pass
elif x == 13121:
    pass
elif x == 13122:
    pass
elif x == 13123:
    pass
elif x == 13124:
    pass
elif x == 13125:
    pass
elif x == 13126:
    pass
elif x == 13127:
    pass
elif x == 13128:
    pass
elif x == 13129:
    pass
elif x == 13130:
    pass
elif x == 13131:
    pass
elif x == 13132:
    pass
elif x == 13133:
    pass
elif x == 13134:
    pass
elif x == 13135:
    pass
elif x == 13136:
    pass
elif x == 13137:
    pass
elif x == 13138:
    pass
elif x == 13139:
    pass
elif x == 13140:
    pass
elif x == 13141:
    pass
elif x == 13142:
    pass
elif x == 13143:
    pass
elif x == 13144:
    pass
elif x == 13145:
    pass
elif x == 13146:
    pass
elif x == 13147:
    pass
elif x == 13148:
    pass
elif x == 13149:
    pass
elif x == 13150:
    pass
elif x == 13151:
    pass
elif x == 13152:
    pass
elif x == 13153:
    pass
elif x == 13154:
    pass
elif x == 13155:
    pass
elif x == 13156:
    pass
elif x == 13157:
    pass
elif x == 13158:
    pass
elif x == 13159:
    pass
elif x == 13160:
    pass
elif x == 13161:
    pass
elif x == 13162:
    pass
elif x == 13163:
    pass
elif x == 13164:
    pass
elif x == 13165:
    pass
elif x == 13166:
    pass
elif x == 13167:
    pass
elif x == 13168:
    pass
elif x == 13169:
    pass
elif x == 13170:
    pass
elif x == 13171:
    pass
elif x == 13172:
    pass
elif x == 13173:
    pass
elif x == 13174:
    pass
elif x == 13175:
    pass
elif x == 13176:
    pass
elif x == 13177:
    pass
elif x == 13178:
    pass
elif x == 13179:
    pass
elif x == 13180:
    pass
elif x == 13181:
    pass
elif x == 13182:
    pass
elif x == 13183:
    pass
elif x == 13184:
    pass
elif x == 13185:
    pass
elif x == 13186:
    pass
elif x == 13187:
    pass
elif x == 13188:
    pass
elif x == 13189:
    pass
elif x == 13190:
    pass
elif x == 13191:
    pass
elif x == 13192:
    pass
elif x == 13193:
    pass
elif x == 13194:
    pass
elif x == 13195:
    pass
elif x == 13196:
    pass
elif x == 13197:
    pass
elif x == 13198:
    pass
elif x == 13199:
    pass
elif x == 13200:
    pass
elif x == 13201:
    pass
elif x == 13202:
    pass
elif x == 13203:
    pass
elif x == 13204:
    pass
elif x == 13205:
    pass
elif x == 13206:
    pass
elif x == 13207:
    pass
elif x == 13208:
    pass
elif x == 13209:
    pass
elif x == 13210:
    pass
elif x == 13211:
    pass
elif x == 13212:
    pass
elif x == 13213:
    pass
elif x == 13214:
    pass
elif x == 13215:
    pass
elif x == 13216:
    pass
elif x == 13217:
    pass
elif x == 13218:
    pass
elif x == 13219:
    pass
elif x == 13220:
    pass
elif x == 13221:
    pass
elif x == 13222:
    pass
elif x == 13223:
    pass
elif x == 13224:
    pass
elif x == 13225:
    pass
elif x == 13226:
    pass
elif x == 13227:
    pass
elif x == 13228:
    pass
elif x == 13229:
    pass
elif x == 13230:
    pass
elif x == 13231:
    pass
elif x == 13232:
    pass
elif x == 13233:
    pass
elif x == 13234:
    pass
elif x == 13235:
    pass
elif x == 13236:
    pass
elif x == 13237:
    pass
elif x == 13238:
    pass
elif x == 13239:
    pass
elif x == 13240:
    pass
elif x == 13241:
    pass
elif x == 13242:
    pass
elif x == 13243:
    pass
elif x == 13244:
    pass
elif x == 13245:
    pass
elif x == 13246:
    pass
elif x == 13247:
    pass
elif x == 13248:
    pass
elif x == 13249:
    pass
elif x == 13250:
    pass
elif x == 13251:
    pass
elif x == 13252:
    pass
elif x == 13253:
    pass
elif x == 13254:
    pass
elif x == 13255:
    pass
elif x == 13256:
    pass
elif x == 13257:
    pass
elif x == 13258:
    pass
elif x == 13259:
    pass
elif x == 13260:
    pass
elif x == 13261:
    pass
elif x == 13262:
    pass
elif x == 13263:
    pass
elif x == 13264:
    pass
elif x == 13265:
    pass
elif x == 13266:
    pass
elif x == 13267:
    pass
elif x == 13268:
    pass
elif x == 13269:
    pass
elif x == 13270:
    pass
elif x == 13271:
    pass
elif x == 13272:
    pass
elif x == 13273:
    pass
elif x == 13274:
    pass
elif x == 13275:
    pass
elif x == 13276:
    pass
elif x == 13277:
    pass
elif x == 13278:
    pass
elif x == 13279:
    pass
elif x == 13280:
    pass
elif x == 13281:
    pass
elif x == 13282:
    pass
elif x == 13283:
    pass
elif x == 13284:
    pass
elif x == 13285:
    pass
elif x == 13286:
    pass
elif x == 13287:
    pass
elif x == 13288:
    pass
elif x == 13289:
    pass
elif x == 13290:
    pass
elif x == 13291:
    pass
elif x == 13292:
    pass
elif x == 13293:
    pass
elif x == 13294:
    pass
elif x == 13295:
    pass
elif x == 13296:
    pass
elif x == 13297:
    pass
elif x == 13298:
    pass
elif x == 13299:
    pass
elif x == 13300:
    pass
elif x == 13301:
    pass
elif x == 13302:
    pass
elif x == 13303:
    pass
elif x == 13304:
    pass
elif x == 13305:
    pass
elif x == 13306:
    pass
elif x == 13307:
    pass
elif x == 13308:
    pass
elif x == 13309:
    pass
elif x == 13310:
    pass
elif x == 13311:
    pass
elif x == 13312:
    pass
elif x == 13313:
    pass
elif x == 13314:
    pass
elif x == 13315:
    pass
elif x == 13316:
    pass
elif x == 13317:
    pass
elif x == 13318:
    pass
elif x == 13319:
    pass
elif x == 13320:
    pass
elif x == 13321:
    pass
elif x == 13322:
    pass
elif x == 13323:
    pass
elif x == 13324:
    pass
elif x == 13325:
    pass
elif x == 13326:
    pass
elif x == 13327:
    pass
elif x == 13328:
    pass
elif x == 13329:
    pass
elif x == 13330:
    pass
elif x == 13331:
    pass
elif x == 13332:
    pass
elif x == 13333:
    pass
elif x == 13334:
    pass
elif x == 13335:
    pass
elif x == 13336:
    pass
elif x == 13337:
    pass
elif x == 13338:
    pass
elif x == 13339:
    pass
elif x == 13340:
    pass
elif x == 13341:
    pass
elif x == 13342:
    pass
elif x == 13343:
    pass
elif x == 13344:
    pass
elif x == 13345:
    pass
elif x == 13346:
    pass
elif x == 13347:
    pass
elif x == 13348:
    pass
elif x == 13349:
    pass
elif x == 13350:
    pass
elif x == 13351:
    pass
elif x == 13352:
    pass
elif x == 13353:
    pass
elif x == 13354:
    pass
elif x == 13355:
    pass
elif x == 13356:
    pass
elif x == 13357:
    pass
elif x == 13358:
    pass
elif x == 13359:
    pass
elif x == 13360:
    pass
elif x == 13361:
    pass
elif x == 13362:
    pass
elif x == 13363:
    pass
elif x == 13364:
    pass
elif x == 13365:
    pass
elif x == 13366:
    pass
elif x == 13367:
    pass
elif x == 13368:
    pass
elif x == 13369:
    pass
elif x == 13370:
    pass
elif x == 13371:
    pass
elif x == 13372:
    pass
elif x == 13373:
    pass
elif x == 13374:
    pass
elif x == 13375:
    pass
elif x == 13376:
    pass
elif x == 13377:
    pass
elif x == 13378:
    pass
elif x == 13379:
    pass
elif x == 13380:
    pass
elif x == 13381:
    pass
elif x == 13382:
    pass
elif x == 13383:
    pass
elif x == 13384:
    pass
elif x == 13385:
    pass
elif x == 13386:
    pass
elif x == 13387:
    pass
elif x == 13388:
    pass
elif x == 13389:
    pass
elif x == 13390:
    pass
elif x == 13391:
    pass
elif x == 13392:
    pass
elif x == 13393:
    pass
elif x == 13394:
    pass
elif x == 13395:
    pass
elif x == 13396:
    pass
elif x == 13397:
    pass
elif x == 13398:
    pass
elif x == 13399:
    pass
elif x == 13400:
    pass
elif x == 13401:
    pass
elif x == 13402:
    pass
elif x == 13403:
    pass
elif x == 13404:
    pass
elif x == 13405:
    pass
elif x == 13406:
    pass
elif x == 13407:
    pass
elif x == 13408:
    pass
elif x == 13409:
    pass
elif x == 13410:
    pass
elif x == 13411:
    pass
elif x == 13412:
    pass
elif x == 13413:
    pass
elif x == 13414:
    pass
elif x == 13415:
    pass
elif x == 13416:
    pass
elif x == 13417:
    pass
elif x == 13418:
    pass
elif x == 13419:
    pass
elif x == 13420:
    pass
elif x == 13421:
    pass
elif x == 13422:
    pass
elif x == 13423:
    pass
elif x == 13424:
    pass
elif x == 13425:
    pass
elif x == 13426:
    pass
elif x == 13427:
    pass
elif x == 13428:
    pass
elif x == 13429:
    pass
elif x == 13430:
    pass
elif x == 13431:
    pass
elif x == 13432:
    pass
elif x == 13433:
    pass
elif x == 13434:
    pass
elif x == 13435:
    pass
elif x == 13436:
    pass
elif x == 13437:
    pass
elif x == 13438:
    pass
elif x == 13439:
    pass
elif x == 13440:
    pass
elif x == 13441:
    pass
elif x == 13442:
    pass
elif x == 13443:
    pass
elif x == 13444:
    pass
elif x == 13445:
    pass
elif x == 13446:
    pass
elif x == 13447:
    pass
elif x == 13448:
    pass
elif x == 13449:
    pass
elif x == 13450:
    pass
elif x == 13451:
    pass
elif x == 13452:
    pass
elif x == 13453:
    pass
elif x == 13454:
    pass
elif x == 13455:
    pass
elif x == 13456:
    pass
elif x == 13457:
    pass
elif x == 13458:
    pass
elif x == 13459:
    pass
elif x == 13460:
    pass
elif x == 13461:
    pass
elif x == 13462:
    pass
elif x == 13463:
    pass
elif x == 13464:
    pass
elif x == 13465:
    pass
elif x == 13466:
    pass
elif x == 13467:
    pass
elif x == 13468:
    pass
elif x == 13469:
    pass
elif x == 13470:
    pass
elif x == 13471:
    pass
elif x == 13472:
    pass
elif x == 13473:
    pass
elif x == 13474:
    pass
elif x == 13475:
    pass
elif x == 13476:
    pass
elif x == 13477:
    pass
elif x == 13478:
    pass
elif x == 13479:
    pass
elif x == 13480:
    pass
elif x == 13481:
    pass
elif x == 13482:
    pass
elif x == 13483:
    pass
elif x == 13484:
    pass
elif x == 13485:
    pass
elif x == 13486:
    pass
elif x == 13487:
    pass
elif x == 13488:
    pass
elif x == 13489:
    pass
elif x == 13490:
    pass
elif x == 13491:
    pass
elif x == 13492:
    pass
elif x == 13493:
    pass
elif x == 13494:
    pass
elif x == 13495:
    pass
elif x == 13496:
    pass
elif x == 13497:
    pass
elif x == 13498:
    pass
elif x == 13499:
    pass
elif x == 13500:
    pass
elif x == 13501:
    pass
elif x == 13502:
    pass
elif x == 13503:
    pass
elif x == 13504:
    pass
elif x == 13505:
    pass
elif x == 13506:
    pass
elif x == 13507:
    pass
elif x == 13508:
    pass
elif x == 13509:
    pass
elif x == 13510:
    pass
elif x == 13511:
    pass
elif x == 13512:
    pass
elif x == 13513:
    pass
elif x == 13514:
    pass
elif x == 13515:
    pass
elif x == 13516:
    pass
elif x == 13517:
    pass
elif x == 13518:
    pass
elif x == 13519:
    pass
elif x == 13520:
    pass
elif x == 13521:
    pass
elif x == 13522:
    pass
elif x == 13523:
    pass
elif x == 13524:
    pass
elif x == 13525:
    pass
elif x == 13526:
    pass
elif x == 13527:
    pass
elif x == 13528:
    pass
elif x == 13529:
    pass
elif x == 13530:
    pass
elif x == 13531:
    pass
elif x == 13532:
    pass
elif x == 13533:
    pass
elif x == 13534:
    pass
elif x == 13535:
    pass
elif x == 13536:
    pass
elif x == 13537:
    pass
elif x == 13538:
    pass
elif x == 13539:
    pass
elif x == 13540:
    pass
elif x == 13541:
    pass
elif x == 13542:
    pass
elif x == 13543:
    pass
elif x == 13544:
    pass
elif x == 13545:
    pass
elif x == 13546:
    pass
elif x == 13547:
    pass
elif x == 13548:
    pass
elif x == 13549:
    pass
elif x == 13550:
    pass
elif x == 13551:
    pass
elif x == 13552:
    pass
elif x == 13553:
    pass
elif x == 13554:
    pass
elif x == 13555:
    pass
elif x == 13556:
    pass
elif x == 13557:
    pass
elif x == 13558:
    pass
elif x == 13559:
    pass
elif x == 13560:
    pass
elif x == 13561:
    pass
elif x == 13562:
    pass
elif x == 13563:
    pass
elif x == 13564:
    pass
elif x == 13565:
    pass
elif x == 13566:
    pass
elif x == 13567:
    pass
elif x == 13568:
    pass
elif x == 13569:
    pass
elif x == 13570:
    pass
elif x == 13571:
    pass
elif x == 13572:
    pass
elif x == 13573:
    pass
elif x == 13574:
    pass
elif x == 13575:
    pass
elif x == 13576:
    pass
elif x == 13577:
    pass
elif x == 13578:
    pass
elif x == 13579:
    pass
elif x == 13580:
    pass
elif x == 13581:
    pass
elif x == 13582:
    pass
elif x == 13583:
    pass
elif x == 13584:
    pass
elif x == 13585:
    pass
elif x == 13586:
    pass
elif x == 13587:
    pass
elif x == 13588:
    pass
elif x == 13589:
    pass
elif x == 13590:
    pass
elif x == 13591:
    pass
elif x == 13592:
    pass
elif x == 13593:
    pass
elif x == 13594:
    pass
elif x == 13595:
    pass
elif x == 13596:
    pass
elif x == 13597:
    pass
elif x == 13598:
    pass
elif x == 13599:
    pass
elif x == 13600:
    pass
elif x == 13601:
    pass
elif x == 13602:
    pass
elif x == 13603:
    pass
elif x == 13604:
    pass
elif x == 13605:
    pass
elif x == 13606:
    pass
elif x == 13607:
    pass
elif x == 13608:
    pass
elif x == 13609:
    pass
elif x == 13610:
    pass
elif x == 13611:
    pass
elif x == 13612:
    pass
elif x == 13613:
    pass
elif x == 13614:
    pass
elif x == 13615:
    pass
elif x == 13616:
    pass
elif x == 13617:
    pass
elif x == 13618:
    pass
elif x == 13619:
    pass
elif x == 13620:
    pass
elif x == 13621:
    pass
elif x == 13622:
    pass
elif x == 13623:
    pass
elif x == 13624:
    pass
elif x == 13625:
    pass
elif x == 13626:
    pass
elif x == 13627:
    pass
elif x == 13628:
    pass
elif x == 13629:
    pass
elif x == 13630:
    pass
elif x == 13631:
    pass
elif x == 13632:
    pass
elif x == 13633:
    pass
elif x == 13634:
    pass
elif x == 13635:
    pass
elif x == 13636:
    pass
elif x == 13637:
    pass
elif x == 13638:
    pass
elif x == 13639:
    pass
elif x == 13640:
    pass
elif x == 13641:
    pass
elif x == 13642:
    pass
elif x == 13643:
    pass
elif x == 13644:
    pass
elif x == 13645:
    pass
elif x == 13646:
    pass
elif x == 13647:
    pass
elif x == 13648:
    pass
elif x == 13649:
    pass
elif x == 13650:
    pass
elif x == 13651:
    pass
elif x == 13652:
    pass
elif x == 13653:
    pass
elif x == 13654:
    pass
elif x == 13655:
    pass
elif x == 13656:
    pass
elif x == 13657:
    pass
elif x == 13658:
    pass
elif x == 13659:
    pass
elif x == 13660:
    pass
elif x == 13661:
    pass
elif x == 13662:
    pass
elif x == 13663:
    pass
elif x == 13664:
    pass
elif x == 13665:
    pass
elif x == 13666:
    pass
elif x == 13667:
    pass
elif x == 13668:
    pass
elif x == 13669:
    pass
elif x == 13670:
    pass
elif x == 13671:
    pass
elif x == 13672:
    pass
elif x == 13673:
    pass
elif x == 13674:
    pass
elif x == 13675:
    pass
elif x == 13676:
    pass
elif x == 13677:
    pass
elif x == 13678:
    pass
elif x == 13679:
    pass
elif x == 13680:
    pass
elif x == 13681:
    pass
elif x == 13682:
    pass
elif x == 13683:
    pass
elif x == 13684:
    pass
elif x == 13685:
    pass
elif x == 13686:
    pass
elif x == 13687:
    pass
elif x == 13688:
    pass
elif x == 13689:
    pass
elif x == 13690:
    pass
elif x == 13691:
    pass
elif x == 13692:
    pass
elif x == 13693:
    pass
elif x == 13694:
    pass
elif x == 13695:
    pass
elif x == 13696:
    pass
elif x == 13697:
    pass
elif x == 13698:
    pass
elif x == 13699:
    pass
elif x == 13700:
    pass
elif x == 13701:
    pass
elif x == 13702:
    pass
elif x == 13703:
    pass
elif x == 13704:
    pass
elif x == 13705:
    pass
elif x == 13706:
    pass
elif x == 13707:
    pass
elif x == 13708:
    pass
elif x == 13709:
    pass
elif x == 13710:
    pass
elif x == 13711:
    pass
elif x == 13712:
    pass
elif x == 13713:
    pass
elif x == 13714:
    pass
elif x == 13715:
    pass
elif x == 13716:
    pass
elif x == 13717:
    pass
elif x == 13718:
    pass
elif x == 13719:
    pass
elif x == 13720:
    pass
elif x == 13721:
    pass
elif x == 13722:
    pass
elif x == 13723:
    pass
elif x == 13724:
    pass
elif x == 13725:
    pass
elif x == 13726:
    pass
elif x == 13727:
    pass
elif x == 13728:
    pass
elif x == 13729:
    pass
elif x == 13730:
    pass
elif x == 13731:
    pass
elif x == 13732:
    pass
elif x == 13733:
    pass
elif x == 13734:
    pass
elif x == 13735:
    pass
elif x == 13736:
    pass
elif x == 13737:
    pass
elif x == 13738:
    pass
elif x == 13739:
    pass
elif x == 13740:
    pass
elif x == 13741:
    pass
elif x == 13742:
    pass
elif x == 13743:
    pass
elif x == 13744:
    pass
elif x == 13745:
    pass
elif x == 13746:
    pass
elif x == 13747:
    pass
elif x == 13748:
    pass
elif x == 13749:
    pass
elif x == 13750:
    pass
elif x == 13751:
    pass
elif x == 13752:
    pass
elif x == 13753:
    pass
elif x == 13754:
    pass
elif x == 13755:
    pass
elif x == 13756:
    pass
elif x == 13757:
    pass
elif x == 13758:
    pass
elif x == 13759:
    pass
elif x == 13760:
    pass
elif x == 13761:
    pass
elif x == 13762:
    pass
elif x == 13763:
    pass
elif x == 13764:
    pass
elif x == 13765:
    pass
elif x == 13766:
    pass
elif x == 13767:
    pass
elif x == 13768:
    pass
elif x == 13769:
    pass
elif x == 13770:
    pass
elif x == 13771:
    pass
elif x == 13772:
    pass
elif x == 13773:
    pass
elif x == 13774:
    pass
elif x == 13775:
    pass
elif x == 13776:
    pass
elif x == 13777:
    pass
elif x == 13778:
    pass
elif x == 13779:
    pass
elif x == 13780:
    pass
elif x == 13781:
    pass
elif x == 13782:
    pass
elif x == 13783:
    pass
elif x == 13784:
    pass
elif x == 13785:
    pass
elif x == 13786:
    pass
elif x == 13787:
    pass
elif x == 13788:
    pass
elif x == 13789:
    pass
elif x == 13790:
    pass
elif x == 13791:
    pass
elif x == 13792:
    pass
elif x == 13793:
    pass
elif x == 13794:
    pass
elif x == 13795:
    pass
elif x == 13796:
    pass
elif x == 13797:
    pass
elif x == 13798:
    pass
elif x == 13799:
    pass
elif x == 13800:
    pass
elif x == 13801:
    pass
elif x == 13802:
    pass
elif x == 13803:
    pass
elif x == 13804:
    pass
elif x == 13805:
    pass
elif x == 13806:
    pass
elif x == 13807:
    pass
elif x == 13808:
    pass
elif x == 13809:
    pass
elif x == 13810:
    pass
elif x == 13811:
    pass
elif x == 13812:
    pass
elif x == 13813:
    pass
elif x == 13814:
    pass
elif x == 13815:
    pass
elif x == 13816:
    pass
elif x == 13817:
    pass
elif x == 13818:
    pass
elif x == 13819:
    pass
elif x == 13820:
    pass
elif x == 13821:
    pass
elif x == 13822:
    pass
elif x == 13823:
    pass
elif x == 13824:
    pass
elif x == 13825:
    pass
elif x == 13826:
    pass
elif x == 13827:
    pass
elif x == 13828:
    pass
elif x == 13829:
    pass
elif x == 13830:
    pass
elif x == 13831:
    pass
elif x == 13832:
    pass
elif x == 13833:
    pass
elif x == 13834:
    pass
elif x == 13835:
    pass
elif x == 13836:
    pass
elif x == 13837:
    pass
elif x == 13838:
    pass
elif x == 13839:
    pass
elif x == 13840:
    pass
elif x == 13841:
    pass
elif x == 13842:
    pass
elif x == 13843:
    pass
elif x == 13844:
    pass
elif x == 13845:
    pass
elif x == 13846:
    pass
elif x == 13847:
    pass
elif x == 13848:
    pass
elif x == 13849:
    pass
elif x == 13850:
    pass
elif x == 13851:
    pass
elif x == 13852:
    pass
elif x == 13853:
    pass
elif x == 13854:
    pass
elif x == 13855:
    pass
elif x == 13856:
    pass
elif x == 13857:
    pass
elif x == 13858:
    pass
elif x == 13859:
    pass
elif x == 13860:
    pass
elif x == 13861:
    pass
elif x == 13862:
    pass
elif x == 13863:
    pass
elif x == 13864:
    pass
elif x == 13865:
    pass
elif x == 13866:
    pass
elif x == 13867:
    pass
elif x == 13868:
    pass
elif x == 13869:
    pass
elif x == 13870:
    pass
elif x == 13871:
    pass
elif x == 13872:
    pass
elif x == 13873:
    pass
elif x == 13874:
    pass
elif x == 13875:
    pass
elif x == 13876:
    pass
elif x == 13877:
    pass
elif x == 13878:
    pass
elif x == 13879:
    pass
elif x == 13880:
    pass
elif x == 13881:
    pass
elif x == 13882:
    pass
elif x == 13883:
    pass
elif x == 13884:
    pass
elif x == 13885:
    pass
elif x == 13886:
    pass
elif x == 13887:
    pass
elif x == 13888:
    pass
elif x == 13889:
    pass
elif x == 13890:
    pass
elif x == 13891:
    pass
elif x == 13892:
    pass
elif x == 13893:
    pass
elif x == 13894:
    pass
elif x == 13895:
    pass
elif x == 13896:
    pass
elif x == 13897:
    pass
elif x == 13898:
    pass
elif x == 13899:
    pass
elif x == 13900:
    pass
elif x == 13901:
    pass
elif x == 13902:
    pass
elif x == 13903:
    pass
elif x == 13904:
    pass
elif x == 13905:
    pass
elif x == 13906:
    pass
elif x == 13907:
    pass
elif x == 13908:
    pass
elif x == 13909:
    pass
elif x == 13910:
    pass
elif x == 13911:
    pass
elif x == 13912:
    pass
elif x == 13913:
    pass
elif x == 13914:
    pass
elif x == 13915:
    pass
elif x == 13916:
    pass
elif x == 13917:
    pass
elif x == 13918:
    pass
elif x == 13919:
    pass
elif x == 13920:
    pass
elif x == 13921:
    pass
elif x == 13922:
    pass
elif x == 13923:
    pass
elif x == 13924:
    pass
elif x == 13925:
    pass
elif x == 13926:
    pass
elif x == 13927:
    pass
elif x == 13928:
    pass
elif x == 13929:
    pass
elif x == 13930:
    pass
elif x == 13931:
    pass
elif x == 13932:
    pass
elif x == 13933:
    pass
elif x == 13934:
    pass
elif x == 13935:
    pass
elif x == 13936:
    pass
elif x == 13937:
    pass
elif x == 13938:
    pass
elif x == 13939:
    pass
elif x == 13940:
    pass
elif x == 13941:
    pass
elif x == 13942:
    pass
elif x == 13943:
    pass
elif x == 13944:
    pass
elif x == 13945:
    pass
elif x == 13946:
    pass
elif x == 13947:
    pass
elif x == 13948:
    pass
elif x == 13949:
    pass
elif x == 13950:
    pass
elif x == 13951:
    pass
elif x == 13952:
    pass
elif x == 13953:
    pass
elif x == 13954:
    pass
elif x == 13955:
    pass
elif x == 13956:
    pass
elif x == 13957:
    pass
elif x == 13958:
    pass
elif x == 13959:
    pass
elif x == 13960:
    pass
elif x == 13961:
    pass
elif x == 13962:
    pass
elif x == 13963:
    pass
elif x == 13964:
    pass
elif x == 13965:
    pass
elif x == 13966:
    pass
elif x == 13967:
    pass
elif x == 13968:
    pass
elif x == 13969:
    pass
elif x == 13970:
    pass
elif x == 13971:
    pass
elif x == 13972:
    pass
elif x == 13973:
    pass
elif x == 13974:
    pass
elif x == 13975:
    pass
elif x == 13976:
    pass
elif x == 13977:
    pass
elif x == 13978:
    pass
elif x == 13979:
    pass
elif x == 13980:
    pass
elif x == 13981:
    pass
elif x == 13982:
    pass
elif x == 13983:
    pass
elif x == 13984:
    pass
elif x == 13985:
    pass
elif x == 13986:
    pass
elif x == 13987:
    pass
elif x == 13988:
    pass
elif x == 13989:
    pass
elif x == 13990:
    pass
elif x == 13991:
    pass
elif x == 13992:
    pass
elif x == 13993:
    pass
elif x == 13994:
    pass
elif x == 13995:
    pass
elif x == 13996:
    pass
elif x == 13997:
    pass
elif x == 13998:
    pass
elif x == 13999:
    pass
elif x == 14000:
    pass
elif x == 14001:
    pass
elif x == 14002:
    pass
elif x == 14003:
    pass
elif x == 14004:
    pass
elif x == 14005:
    pass
elif x == 14006:
    pass
elif x == 14007:
    pass
elif x == 14008:
    pass
elif x == 14009:
    pass
elif x == 14010:
    pass
elif x == 14011:
    pass
elif x == 14012:
    pass
elif x == 14013:
    pass
elif x == 14014:
    pass
elif x == 14015:
    pass
elif x == 14016:
    pass
elif x == 14017:
    pass
elif x == 14018:
    pass
elif x == 14019:
    pass
elif x == 14020:
    pass
elif x == 14021:
    pass
elif x == 14022:
    pass
elif x == 14023:
    pass
elif x == 14024:
    pass
elif x == 14025:
    pass
elif x == 14026:
    pass
elif x == 14027:
    pass
elif x == 14028:
    pass
elif x == 14029:
    pass
elif x == 14030:
    pass
elif x == 14031:
    pass
elif x == 14032:
    pass
elif x == 14033:
    pass
elif x == 14034:
    pass
elif x == 14035:
    pass
elif x == 14036:
    pass
elif x == 14037:
    pass
elif x == 14038:
    pass
elif x == 14039:
    pass
elif x == 14040:
    pass
elif x == 14041:
    pass
elif x == 14042:
    pass
elif x == 14043:
    pass
elif x == 14044:
    pass
elif x == 14045:
    pass
elif x == 14046:
    pass
elif x == 14047:
    pass
elif x == 14048:
    pass
elif x == 14049:
    pass
elif x == 14050:
    pass
elif x == 14051:
    pass
elif x == 14052:
    pass
elif x == 14053:
    pass
elif x == 14054:
    pass
elif x == 14055:
    pass
elif x == 14056:
    pass
elif x == 14057:
    pass
elif x == 14058:
    pass
elif x == 14059:
    pass
elif x == 14060:
    pass
elif x == 14061:
    pass
elif x == 14062:
    pass
elif x == 14063:
    pass
elif x == 14064:
    pass
elif x == 14065:
    pass
elif x == 14066:
    pass
elif x == 14067:
    pass
elif x == 14068:
    pass
elif x == 14069:
    pass
elif x == 14070:
    pass
elif x == 14071:
    pass
elif x == 14072:
    pass
elif x == 14073:
    pass
elif x == 14074:
    pass
elif x == 14075:
    pass
elif x == 14076:
    pass
elif x == 14077:
    pass
elif x == 14078:
    pass
elif x == 14079:
    pass
elif x == 14080:
    pass
elif x == 14081:
    pass
elif x == 14082:
    pass
elif x == 14083:
    pass
elif x == 14084:
    pass
elif x == 14085:
    pass
elif x == 14086:
    pass
elif x == 14087:
    pass
elif x == 14088:
    pass
elif x == 14089:
    pass
elif x == 14090:
    pass
elif x == 14091:
    pass
elif x == 14092:
    pass
elif x == 14093:
    pass
elif x == 14094:
    pass
elif x == 14095:
    pass
elif x == 14096:
    pass
elif x == 14097:
    pass
elif x == 14098:
    pass
elif x == 14099:
    pass
elif x == 14100:
    pass
elif x == 14101:
    pass
elif x == 14102:
    pass
elif x == 14103:
    pass
elif x == 14104:
    pass
elif x == 14105:
    pass
elif x == 14106:
    pass
elif x == 14107:
    pass
elif x == 14108:
    pass
elif x == 14109:
    pass
elif x == 14110:
    pass
elif x == 14111:
    pass
elif x == 14112:
    pass
elif x == 14113:
    pass
elif x == 14114:
    pass
elif x == 14115:
    pass
elif x == 14116:
    pass
elif x == 14117:
    pass
elif x == 14118:
    pass
elif x == 14119:
    pass
elif x == 14120:
    pass
elif x == 14121:
    pass
elif x == 14122:
    pass
elif x == 14123:
    pass
elif x == 14124:
    pass
elif x == 14125:
    pass
elif x == 14126:
    pass
elif x == 14127:
    pass
elif x == 14128:
    pass
elif x == 14129:
    pass
elif x == 14130:
    pass
elif x == 14131:
    pass
elif x == 14132:
    pass
elif x == 14133:
    pass
elif x == 14134:
    pass
elif x == 14135:
    pass
elif x == 14136:
    pass
elif x == 14137:
    pass
elif x == 14138:
    pass
elif x == 14139:
    pass
elif x == 14140:
    pass
elif x == 14141:
    pass
elif x == 14142:
    pass
elif x == 14143:
    pass
elif x == 14144:
    pass
elif x == 14145:
    pass
elif x == 14146:
    pass
elif x == 14147:
    pass
elif x == 14148:
    pass
elif x == 14149:
    pass
elif x == 14150:
    pass
elif x == 14151:
    pass
elif x == 14152:
    pass
elif x == 14153:
    pass
elif x == 14154:
    pass
elif x == 14155:
    pass
elif x == 14156:
    pass
elif x == 14157:
    pass
elif x == 14158:
    pass
elif x == 14159:
    pass
elif x == 14160:
    pass
elif x == 14161:
    pass
elif x == 14162:
    pass
elif x == 14163:
    pass
elif x == 14164:
    pass
elif x == 14165:
    pass
elif x == 14166:
    pass
elif x == 14167:
    pass
elif x == 14168:
    pass
elif x == 14169:
    pass
elif x == 14170:
    pass
elif x == 14171:
    pass
elif x == 14172:
    pass
elif x == 14173:
    pass
elif x == 14174:
    pass
elif x == 14175:
    pass
elif x == 14176:
    pass
elif x == 14177:
    pass
elif x == 14178:
    pass
elif x == 14179:
    pass
elif x == 14180:
    pass
elif x == 14181:
    pass
elif x == 14182:
    pass
elif x == 14183:
    pass
elif x == 14184:
    pass
elif x == 14185:
    pass
elif x == 14186:
    pass
elif x == 14187:
    pass
elif x == 14188:
    pass
elif x == 14189:
    pass
elif x == 14190:
    pass
elif x == 14191:
    pass
elif x == 14192:
    pass
elif x == 14193:
    pass
elif x == 14194:
    pass
elif x == 14195:
    pass
elif x == 14196:
    pass
elif x == 14197:
    pass
elif x == 14198:
    pass
elif x == 14199:
    pass
elif x == 14200:
    pass
elif x == 14201:
    pass
elif x == 14202:
    pass
elif x == 14203:
    pass
elif x == 14204:
    pass
elif x == 14205:
    pass
elif x == 14206:
    pass
elif x == 14207:
    pass
elif x == 14208:
    pass
elif x == 14209:
    pass
elif x == 14210:
    pass
elif x == 14211:
    pass
elif x == 14212:
    pass
elif x == 14213:
    pass
elif x == 14214:
    pass
elif x == 14215:
    pass
elif x == 14216:
    pass
elif x == 14217:
    pass
elif x == 14218:
    pass
elif x == 14219:
    pass
elif x == 14220:
    pass
elif x == 14221:
    pass
elif x == 14222:
    pass
elif x == 14223:
    pass
elif x == 14224:
    pass
elif x == 14225:
    pass
elif x == 14226:
    pass
elif x == 14227:
    pass
elif x == 14228:
    pass
elif x == 14229:
    pass
elif x == 14230:
    pass
elif x == 14231:
    pass
elif x == 14232:
    pass
elif x == 14233:
    pass
elif x == 14234:
    pass
elif x == 14235:
    pass
elif x == 14236:
    pass
elif x == 14237:
    pass
elif x == 14238:
    pass
elif x == 14239:
    pass
elif x == 14240:
    pass
elif x == 14241:
    pass
elif x == 14242:
    pass
elif x == 14243:
    pass
elif x == 14244:
    pass
elif x == 14245:
    pass
elif x == 14246:
    pass
elif x == 14247:
    pass
elif x == 14248:
    pass
elif x == 14249:
    pass
elif x == 14250:
    pass
elif x == 14251:
    pass
elif x == 14252:
    pass
elif x == 14253:
    pass
elif x == 14254:
    pass
elif x == 14255:
    pass
elif x == 14256:
    pass
elif x == 14257:
    pass
elif x == 14258:
    pass
elif x == 14259:
    pass
elif x == 14260:
    pass
elif x == 14261:
    pass
elif x == 14262:
    pass
elif x == 14263:
    pass
elif x == 14264:
    pass
elif x == 14265:
    pass
elif x == 14266:
    pass
elif x == 14267:
    pass
elif x == 14268:
    pass
elif x == 14269:
    pass
elif x == 14270:
    pass
elif x == 14271:
    pass
elif x == 14272:
    pass
elif x == 14273:
    pass
elif x == 14274:
    pass
elif x == 14275:
    pass
elif x == 14276:
    pass
elif x == 14277:
    pass
elif x == 14278:
    pass
elif x == 14279:
    pass
elif x == 14280:
    pass
elif x == 14281:
    pass
elif x == 14282:
    pass
elif x == 14283:
    pass
elif x == 14284:
    pass
elif x == 14285:
    pass
elif x == 14286:
    pass
elif x == 14287:
    pass
elif x == 14288:
    pass
elif x == 14289:
    pass
elif x == 14290:
    pass
elif x == 14291:
    pass
elif x == 14292:
    pass
elif x == 14293:
    pass
elif x == 14294:
    pass
elif x == 14295:
    pass
elif x == 14296:
    pass
elif x == 14297:
    pass
elif x == 14298:
    pass
elif x == 14299:
    pass
elif x == 14300:
    pass
elif x == 14301:
    pass
elif x == 14302:
    pass
elif x == 14303:
    pass
elif x == 14304:
    pass
elif x == 14305:
    pass
elif x == 14306:
    pass
elif x == 14307:
    pass
elif x == 14308:
    pass
elif x == 14309:
    pass
elif x == 14310:
    pass
elif x == 14311:
    pass
elif x == 14312:
    pass
elif x == 14313:
    pass
elif x == 14314:
    pass
elif x == 14315:
    pass
elif x == 14316:
    pass
elif x == 14317:
    pass
elif x == 14318:
    pass
elif x == 14319:
    pass
elif x == 14320:
    pass
elif x == 14321:
    pass
elif x == 14322:
    pass
elif x == 14323:
    pass
elif x == 14324:
    pass
elif x == 14325:
    pass
elif x == 14326:
    pass
elif x == 14327:
    pass
elif x == 14328:
    pass
elif x == 14329:
    pass
elif x == 14330:
    pass
elif x == 14331:
    pass
elif x == 14332:
    pass
elif x == 14333:
    pass
elif x == 14334:
    pass
elif x == 14335:
    pass
elif x == 14336:
    pass
elif x == 14337:
    pass
elif x == 14338:
    pass
elif x == 14339:
    pass
elif x == 14340:
    pass
elif x == 14341:
    pass
elif x == 14342:
    pass
elif x == 14343:
    pass
elif x == 14344:
    pass
elif x == 14345:
    pass
elif x == 14346:
    pass
elif x == 14347:
    pass
elif x == 14348:
    pass
elif x == 14349:
    pass
elif x == 14350:
    pass
elif x == 14351:
    pass
elif x == 14352:
    pass
elif x == 14353:
    pass
elif x == 14354:
    pass
elif x == 14355:
    pass
elif x == 14356:
    pass
elif x == 14357:
    pass
elif x == 14358:
    pass
elif x == 14359:
    pass
elif x == 14360:
    pass
elif x == 14361:
    pass
elif x == 14362:
    pass
elif x == 14363:
    pass
elif x == 14364:
    pass
elif x == 14365:
    pass
elif x == 14366:
    pass
elif x == 14367:
    pass
elif x == 14368:
    pass
elif x == 14369:
    pass
elif x == 14370:
    pass
elif x == 14371:
    pass
elif x == 14372:
    pass
elif x == 14373:
    pass
elif x == 14374:
    pass
elif x == 14375:
    pass
elif x == 14376:
    pass
elif x == 14377:
    pass
elif x == 14378:
    pass
elif x == 14379:
    pass
elif x == 14380:
    pass
elif x == 14381:
    pass
elif x == 14382:
    pass
elif x == 14383:
    pass
elif x == 14384:
    pass
elif x == 14385:
    pass
elif x == 14386:
    pass
elif x == 14387:
    pass
elif x == 14388:
    pass
elif x == 14389:
    pass
elif x == 14390:
    pass
elif x == 14391:
    pass
elif x == 14392:
    pass
elif x == 14393:
    pass
elif x == 14394:
    pass
elif x == 14395:
    pass
elif x == 14396:
    pass
elif x == 14397:
    pass
elif x == 14398:
    pass
elif x == 14399:
    pass
elif x == 14400:
    pass
elif x == 14401:
    pass
elif x == 14402:
    pass
elif x == 14403:
    pass
elif x == 14404:
    pass
elif x == 14405:
    pass
elif x == 14406:
    pass
elif x == 14407:
    pass
elif x == 14408:
    pass
elif x == 14409:
    pass
elif x == 14410:
    pass
elif x == 14411:
    pass
elif x == 14412:
    pass
elif x == 14413:
    pass
elif x == 14414:
    pass
elif x == 14415:
    pass
elif x == 14416:
    pass
elif x == 14417:
    pass
elif x == 14418:
    pass
elif x == 14419:
    pass
elif x == 14420:
    pass
elif x == 14421:
    pass
elif x == 14422:
    pass
elif x == 14423:
    pass
elif x == 14424:
    pass
elif x == 14425:
    pass
elif x == 14426:
    pass
elif x == 14427:
    pass
elif x == 14428:
    pass
elif x == 14429:
    pass
elif x == 14430:
    pass
elif x == 14431:
    pass
elif x == 14432:
    pass
elif x == 14433:
    pass
elif x == 14434:
    pass
elif x == 14435:
    pass
elif x == 14436:
    pass
elif x == 14437:
    pass
elif x == 14438:
    pass
elif x == 14439:
    pass
elif x == 14440:
    pass
elif x == 14441:
    pass
elif x == 14442:
    pass
elif x == 14443:
    pass
elif x == 14444:
    pass
elif x == 14445:
    pass
elif x == 14446:
    pass
elif x == 14447:
    pass
elif x == 14448:
    pass
elif x == 14449:
    pass
elif x == 14450:
    pass
elif x == 14451:
    pass
elif x == 14452:
    pass
elif x == 14453:
    pass
elif x == 14454:
    pass
elif x == 14455:
    pass
elif x == 14456:
    pass
elif x == 14457:
    pass
elif x == 14458:
    pass
elif x == 14459:
    pass
elif x == 14460:
    pass
elif x == 14461:
    pass
elif x == 14462:
    pass
elif x == 14463:
    pass
elif x == 14464:
    pass
elif x == 14465:
    pass
elif x == 14466:
    pass
elif x == 14467:
    pass
elif x == 14468:
    pass
elif x == 14469:
    pass
elif x == 14470:
    pass
elif x == 14471:
    pass
elif x == 14472:
    pass
elif x == 14473:
    pass
elif x == 14474:
    pass
elif x == 14475:
    pass
elif x == 14476:
    pass
elif x == 14477:
    pass
elif x == 14478:
    pass
elif x == 14479:
    pass
elif x == 14480:
    pass
elif x == 14481:
    pass
elif x == 14482:
    pass
elif x == 14483:
    pass
elif x == 14484:
    pass
elif x == 14485:
    pass
elif x == 14486:
    pass
elif x == 14487:
    pass
elif x == 14488:
    pass
elif x == 14489:
    pass
elif x == 14490:
    pass
elif x == 14491:
    pass
elif x == 14492:
    pass
elif x == 14493:
    pass
elif x == 14494:
    pass
elif x == 14495:
    pass
elif x == 14496:
    pass
elif x == 14497:
    pass
elif x == 14498:
    pass
elif x == 14499:
    pass
elif x == 14500:
    pass
elif x == 14501:
    pass
elif x == 14502:
    pass
elif x == 14503:
    pass
elif x == 14504:
    pass
elif x == 14505:
    pass
elif x == 14506:
    pass
elif x == 14507:
    pass
elif x == 14508:
    pass
elif x == 14509:
    pass
elif x == 14510:
    pass
elif x == 14511:
    pass
elif x == 14512:
    pass
elif x == 14513:
    pass
elif x == 14514:
    pass
elif x == 14515:
    pass
elif x == 14516:
    pass
elif x == 14517:
    pass
elif x == 14518:
    pass
elif x == 14519:
    pass
elif x == 14520:
    pass
elif x == 14521:
    pass
elif x == 14522:
    pass
elif x == 14523:
    pass
elif x == 14524:
    pass
elif x == 14525:
    pass
elif x == 14526:
    pass
elif x == 14527:
    pass
elif x == 14528:
    pass
elif x == 14529:
    pass
elif x == 14530:
    pass
elif x == 14531:
    pass
elif x == 14532:
    pass
elif x == 14533:
    pass
elif x == 14534:
    pass
elif x == 14535:
    pass
elif x == 14536:
    pass
elif x == 14537:
    pass
elif x == 14538:
    pass
elif x == 14539:
    pass
elif x == 14540:
    pass
elif x == 14541:
    pass
elif x == 14542:
    pass
elif x == 14543:
    pass
elif x == 14544:
    pass
elif x == 14545:
    pass
elif x == 14546:
    pass
elif x == 14547:
    pass
elif x == 14548:
    pass
elif x == 14549:
    pass
elif x == 14550:
    pass
elif x == 14551:
    pass
elif x == 14552:
    pass
elif x == 14553:
    pass
elif x == 14554:
    pass
elif x == 14555:
    pass
elif x == 14556:
    pass
elif x == 14557:
    pass
elif x == 14558:
    pass
elif x == 14559:
    pass
elif x == 14560:
    pass
elif x == 14561:
    pass
elif x == 14562:
    pass
elif x == 14563:
    pass
elif x == 14564:
    pass
elif x == 14565:
    pass
elif x == 14566:
    pass
elif x == 14567:
    pass
elif x == 14568:
    pass
elif x == 14569:
    pass
elif x == 14570:
    pass
elif x == 14571:
    pass
elif x == 14572:
    pass
elif x == 14573:
    pass
elif x == 14574:
    pass
elif x == 14575:
    pass
elif x == 14576:
    pass
elif x == 14577:
    pass
elif x == 14578:
    pass
elif x == 14579:
    pass
elif x == 14580:
    pass
elif x == 14581:
    pass
elif x == 14582:
    pass
elif x == 14583:
    pass
elif x == 14584:
    pass
elif x == 14585:
    pass
elif x == 14586:
    pass
elif x == 14587:
    pass
elif x == 14588:
    pass
elif x == 14589:
    pass
elif x == 14590:
    pass
elif x == 14591:
    pass
elif x == 14592:
    pass
elif x == 14593:
    pass
elif x == 14594:
    pass
elif x == 14595:
    pass
elif x == 14596:
    pass
elif x == 14597:
    pass
elif x == 14598:
    pass
elif x == 14599:
    pass
elif x == 14600:
    pass
elif x == 14601:
    pass
elif x == 14602:
    pass
elif x == 14603:
    pass
elif x == 14604:
    pass
elif x == 14605:
    pass
elif x == 14606:
    pass
elif x == 14607:
    pass
elif x == 14608:
    pass
elif x == 14609:
    pass
elif x == 14610:
    pass
elif x == 14611:
    pass
elif x == 14612:
    pass
elif x == 14613:
    pass
elif x == 14614:
    pass
elif x == 14615:
    pass
elif x == 14616:
    pass
elif x == 14617:
    pass
elif x == 14618:
    pass
elif x == 14619:
    pass
elif x == 14620:
    pass
elif x == 14621:
    pass
elif x == 14622:
    pass
elif x == 14623:
    pass
elif x == 14624:
    pass
elif x == 14625:
    pass
elif x == 14626:
    pass
elif x == 14627:
    pass
elif x == 14628:
    pass
elif x == 14629:
    pass
elif x == 14630:
    pass
elif x == 14631:
    pass
elif x == 14632:
    pass
elif x == 14633:
    pass
elif x == 14634:
    pass
elif x == 14635:
    pass
elif x == 14636:
    pass
elif x == 14637:
    pass
elif x == 14638:
    pass
elif x == 14639:
    pass
elif x == 14640:
    pass
elif x == 14641:
    pass
elif x == 14642:
    pass
elif x == 14643:
    pass
elif x == 14644:
    pass
elif x == 14645:
    pass
elif x == 14646:
    pass
elif x == 14647:
    pass
elif x == 14648:
    pass
elif x == 14649:
    pass
elif x == 14650:
    pass
elif x == 14651:
    pass
elif x == 14652:
    pass
elif x == 14653:
    pass
elif x == 14654:
    pass
elif x == 14655:
    pass
elif x == 14656:
    pass
elif x == 14657:
    pass
elif x == 14658:
    pass
elif x == 14659:
    pass
elif x == 14660:
    pass
elif x == 14661:
    pass
elif x == 14662:
    pass
elif x == 14663:
    pass
elif x == 14664:
    pass
elif x == 14665:
    pass
elif x == 14666:
    pass
elif x == 14667:
    pass
elif x == 14668:
    pass
elif x == 14669:
    pass
elif x == 14670:
    pass
elif x == 14671:
    pass
elif x == 14672:
    pass
elif x == 14673:
    pass
elif x == 14674:
    pass
elif x == 14675:
    pass
elif x == 14676:
    pass
elif x == 14677:
    pass
elif x == 14678:
    pass
elif x == 14679:
    pass
elif x == 14680:
    pass
elif x == 14681:
    pass
elif x == 14682:
    pass
elif x == 14683:
    pass
elif x == 14684:
    pass
elif x == 14685:
    pass
elif x == 14686:
    pass
elif x == 14687:
    pass
elif x == 14688:
    pass
elif x == 14689:
    pass
elif x == 14690:
    pass
elif x == 14691:
    pass
elif x == 14692:
    pass
elif x == 14693:
    pass
elif x == 14694:
    pass
elif x == 14695:
    pass
elif x == 14696:
    pass
elif x == 14697:
    pass
elif x == 14698:
    pass
elif x == 14699:
    pass
elif x == 14700:
    pass
elif x == 14701:
    pass
elif x == 14702:
    pass
elif x == 14703:
    pass
elif x == 14704:
    pass
elif x == 14705:
    pass
elif x == 14706:
    pass
elif x == 14707:
    pass
elif x == 14708:
    pass
elif x == 14709:
    pass
elif x == 14710:
    pass
elif x == 14711:
    pass
elif x == 14712:
    pass
elif x == 14713:
    pass
elif x == 14714:
    pass
elif x == 14715:
    pass
elif x == 14716:
    pass
elif x == 14717:
    pass
elif x == 14718:
    pass
elif x == 14719:
    pass
elif x == 14720:
    pass
elif x == 14721:
    pass
elif x == 14722:
    pass
elif x == 14723:
    pass
elif x == 14724:
    pass
elif x == 14725:
    pass
elif x == 14726:
    pass
elif x == 14727:
    pass
elif x == 14728:
    pass
elif x == 14729:
    pass
elif x == 14730:
    pass
elif x == 14731:
    pass
elif x == 14732:
    pass
elif x == 14733:
    pass
elif x == 14734:
    pass
elif x == 14735:
    pass
elif x == 14736:
    pass
elif x == 14737:
    pass
elif x == 14738:
    pass
elif x == 14739:
    pass
elif x == 14740:
    pass
elif x == 14741:
    pass
elif x == 14742:
    pass
elif x == 14743:
    pass
elif x == 14744:
    pass
elif x == 14745:
    pass
elif x == 14746:
    pass
elif x == 14747:
    pass
elif x == 14748:
    pass
elif x == 14749:
    pass
elif x == 14750:
    pass
elif x == 14751:
    pass
elif x == 14752:
    pass
elif x == 14753:
    pass
elif x == 14754:
    pass
elif x == 14755:
    pass
elif x == 14756:
    pass
elif x == 14757:
    pass
elif x == 14758:
    pass
elif x == 14759:
    pass
elif x == 14760:
    pass
elif x == 14761:
    pass
elif x == 14762:
    pass
elif x == 14763:
    pass
elif x == 14764:
    pass
elif x == 14765:
    pass
elif x == 14766:
    pass
elif x == 14767:
    pass
elif x == 14768:
    pass
elif x == 14769:
    pass
elif x == 14770:
    pass
elif x == 14771:
    pass
elif x == 14772:
    pass
elif x == 14773:
    pass
elif x == 14774:
    pass
elif x == 14775:
    pass
elif x == 14776:
    pass
elif x == 14777:
    pass
elif x == 14778:
    pass
elif x == 14779:
    pass
elif x == 14780:
    pass
elif x == 14781:
    pass
elif x == 14782:
    pass
elif x == 14783:
    pass
elif x == 14784:
    pass
elif x == 14785:
    pass
elif x == 14786:
    pass
elif x == 14787:
    pass
elif x == 14788:
    pass
elif x == 14789:
    pass
elif x == 14790:
    pass
elif x == 14791:
    pass
elif x == 14792:
    pass
elif x == 14793:
    pass
elif x == 14794:
    pass
elif x == 14795:
    pass
elif x == 14796:
    pass
elif x == 14797:
    pass
elif x == 14798:
    pass
elif x == 14799:
    pass
elif x == 14800:
    pass
elif x == 14801:
    pass
elif x == 14802:
    pass
elif x == 14803:
    pass
elif x == 14804:
    pass
elif x == 14805:
    pass
elif x == 14806:
    pass
elif x == 14807:
    pass
elif x == 14808:
    pass
elif x == 14809:
    pass
elif x == 14810:
    pass
elif x == 14811:
    pass
elif x == 14812:
    pass
elif x == 14813:
    pass
elif x == 14814:
    pass
elif x == 14815:
    pass
elif x == 14816:
    pass
elif x == 14817:
    pass
elif x == 14818:
    pass
elif x == 14819:
    pass
elif x == 14820:
    pass
elif x == 14821:
    pass
elif x == 14822:
    pass
elif x == 14823:
    pass
elif x == 14824:
    pass
elif x == 14825:
    pass
elif x == 14826:
    pass
elif x == 14827:
    pass
elif x == 14828:
    pass
elif x == 14829:
    pass
elif x == 14830:
    pass
elif x == 14831:
    pass
elif x == 14832:
    pass
elif x == 14833:
    pass
elif x == 14834:
    pass
elif x == 14835:
    pass
elif x == 14836:
    pass
elif x == 14837:
    pass
elif x == 14838:
    pass
elif x == 14839:
    pass
elif x == 14840:
    pass
elif x == 14841:
    pass
elif x == 14842:
    pass
elif x == 14843:
    pass
elif x == 14844:
    pass
elif x == 14845:
    pass
elif x == 14846:
    pass
elif x == 14847:
    pass
elif x == 14848:
    pass
elif x == 14849:
    pass
elif x == 14850:
    pass
elif x == 14851:
    pass
elif x == 14852:
    pass
elif x == 14853:
    pass
elif x == 14854:
    pass
elif x == 14855:
    pass
elif x == 14856:
    pass
elif x == 14857:
    pass
elif x == 14858:
    pass
elif x == 14859:
    pass
elif x == 14860:
    pass
elif x == 14861:
    pass
elif x == 14862:
    pass
elif x == 14863:
    pass
elif x == 14864:
    pass
elif x == 14865:
    pass
elif x == 14866:
    pass
elif x == 14867:
    pass
elif x == 14868:
    pass
elif x == 14869:
    pass
elif x == 14870:
    pass
elif x == 14871:
    pass
elif x == 14872:
    pass
elif x == 14873:
    pass
elif x == 14874:
    pass
elif x == 14875:
    pass
elif x == 14876:
    pass
elif x == 14877:
    pass
elif x == 14878:
    pass
elif x == 14879:
    pass
elif x == 14880:
    pass
elif x == 14881:
    pass
elif x == 14882:
    pass
elif x == 14883:
    pass
elif x == 14884:
    pass
elif x == 14885:
    pass
elif x == 14886:
    pass
elif x == 14887:
    pass
elif x == 14888:
    pass
elif x == 14889:
    pass
elif x == 14890:
    pass
elif x == 14891:
    pass
elif x == 14892:
    pass
elif x == 14893:
    pass
elif x == 14894:
    pass
elif x == 14895:
    pass
elif x == 14896:
    pass
elif x == 14897:
    pass
elif x == 14898:
    pass
elif x == 14899:
    pass
elif x == 14900:
    pass
elif x == 14901:
    pass
elif x == 14902:
    pass
elif x == 14903:
    pass
elif x == 14904:
    pass
elif x == 14905:
    pass
elif x == 14906:
    pass
elif x == 14907:
    pass
elif x == 14908:
    pass
elif x == 14909:
    pass
elif x == 14910:
    pass
elif x == 14911:
    pass
elif x == 14912:
    pass
elif x == 14913:
    pass
elif x == 14914:
    pass
elif x == 14915:
    pass
elif x == 14916:
    pass
elif x == 14917:
    pass
elif x == 14918:
    pass
elif x == 14919:
    pass
elif x == 14920:
    pass
elif x == 14921:
    pass
elif x == 14922:
    pass
elif x == 14923:
    pass
elif x == 14924:
    pass
elif x == 14925:
    pass
elif x == 14926:
    pass
elif x == 14927:
    pass
elif x == 14928:
    pass
elif x == 14929:
    pass
elif x == 14930:
    pass
elif x == 14931:
    pass
elif x == 14932:
    pass
elif x == 14933:
    pass
elif x == 14934:
    pass
elif x == 14935:
    pass
elif x == 14936:
    pass
elif x == 14937:
    pass
elif x == 14938:
    pass
elif x == 14939:
    pass
elif x == 14940:
    pass
elif x == 14941:
    pass
elif x == 14942:
    pass
elif x == 14943:
    pass
elif x == 14944:
    pass
elif x == 14945:
    pass
elif x == 14946:
    pass
elif x == 14947:
    pass
elif x == 14948:
    pass
elif x == 14949:
    pass
elif x == 14950:
    pass
elif x == 14951:
    pass
elif x == 14952:
    pass
elif x == 14953:
    pass
elif x == 14954:
    pass
elif x == 14955:
    pass
elif x == 14956:
    pass
elif x == 14957:
    pass
elif x == 14958:
    pass
elif x == 14959:
    pass
elif x == 14960:
    pass
elif x == 14961:
    pass
elif x == 14962:
    pass
elif x == 14963:
    pass
elif x == 14964:
    pass
elif x == 14965:
    pass
elif x == 14966:
    pass
elif x == 14967:
    pass
elif x == 14968:
    pass
elif x == 14969:
    pass
elif x == 14970:
    pass
elif x == 14971:
    pass
elif x == 14972:
    pass
elif x == 14973:
    pass
elif x == 14974:
    pass
elif x == 14975:
    pass
elif x == 14976:
    pass
elif x == 14977:
    pass
elif x == 14978:
    pass
elif x == 14979:
    pass
elif x == 14980:
    pass
elif x == 14981:
    pass
elif x == 14982:
    pass
elif x == 14983:
    pass
elif x == 14984:
    pass
elif x == 14985:
    pass
elif x == 14986:
    pass
elif x == 14987:
    pass
elif x == 14988:
    pass
elif x == 14989:
    pass
elif x == 14990:
    pass
elif x == 14991:
    pass
elif x == 14992:
    pass
elif x == 14993:
    pass
elif x == 14994:
    pass
elif x == 14995:
    pass
elif x == 14996:
    pass
elif x == 14997:
    pass
elif x == 14998:
    pass
elif x == 14999:
    pass

