# ponte auf Deutsch. Dieselben Nachrichten mit denselben Argumenten wie en.ftl (ein Test prüft
# das). Begriffe wie in den Spielregeln: Stein, Insel, Sandbank, Brücke, blockiertes Feld.

## Spielbegriffe

color = { $color ->
    [white] Weiß
   *[red] Rot
}
count-points = { $n ->
    [one] { $n } Punkt
   *[other] { $n } Punkte
}
count-islands = { $n ->
    [one] { $n } Insel
   *[other] { $n } Inseln
}
count-bridges = { $n ->
    [one] { $n } Brücke
   *[other] { $n } Brücken
}
count-tiles = { $n ->
    [one] { $n } Stein
   *[other] { $n } Steine
}
move-pass = passen
move-swap = tauschen

## Warum ein Zug nicht erlaubt ist

illegal-game-over = die Partie ist vorbei
illegal-off-board = { $cell } liegt nicht auf dem Spielplan ({ $size }×{ $size })
illegal-same-cell = die beiden Steine gehören auf zwei verschiedene Felder, nicht beide auf { $cell }
illegal-bridge-to-itself = eine Brücke braucht zwei verschiedene Steine, nicht zweimal { $cell }
illegal-occupied = auf { $cell } liegt schon ein { $owner ->
    [white] weißer
   *[red] roter
} Stein
illegal-under-bridge = { $cell } liegt unter der Brücke { $bridge }
illegal-not-enough-tiles = du hast { $left ->
    [0] keinen Stein
    [one] nur noch einen Stein
   *[other] nur noch { $left } Steine
}, also kannst du keine zwei setzen
illegal-group-too-large = das ergibt bei { $cell } eine Gruppe aus { $size } Steinen; eine Gruppe hat höchstens 4
illegal-island-touches-diagonally = die Insel { $island } würde deinen Stein auf { $tile } diagonal berühren
illegal-not-your-tile = auf { $cell } liegt kein { $color ->
    [white] weißer
   *[red] roter
} Stein, der eine Brücke tragen könnte
illegal-not-a-bridge = { $a } und { $b } sind keine Brückenlänge voneinander entfernt: eine Brücke überspannt ein Feld in einer Reihe, Spalte oder Diagonale oder reicht einen Rösselsprung weit
illegal-already-bridged = der Stein auf { $cell } trägt schon die Brücke { $bridge }
illegal-over-tile = die Brücke { $bridge } würde über den { $owner ->
    [white] weißen
   *[red] roten
} Stein auf { $cell } führen
illegal-crossing = die Brücke { $bridge } würde die Brücke { $other } kreuzen
illegal-no-bridges-left = es ist keine Brücke mehr übrig: alle { $pool } sind verbaut
illegal-swap-not-now = Tauschen geht nur als zweiter Zug, direkt nach den ersten beiden weißen Steinen
illegal-may-not-pass = du kannst noch zwei Steine setzen (zum Beispiel { $a } { $b }), also darfst du nicht passen
