# ponte en français. Les mêmes messages avec les mêmes arguments que en.ftl (un test le
# vérifie). Les termes de la règle : tuile, île, banc de sable, pont, case bloquée.

## Le vocabulaire du jeu

color = { $color ->
    [white] blanc
   *[red] rouge
}
count-points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
count-islands = { $n ->
    [one] { $n } île
   *[other] { $n } îles
}
count-bridges = { $n ->
    [one] { $n } pont
   *[other] { $n } ponts
}
count-tiles = { $n ->
    [one] { $n } tuile
   *[other] { $n } tuiles
}
move-pass = passe
move-swap = échange

## Pourquoi un coup est interdit

illegal-game-over = la partie est terminée
illegal-off-board = { $cell } est hors du plateau ({ $size }×{ $size })
illegal-same-cell = les deux tuiles vont sur deux cases différentes, pas toutes les deux sur { $cell }
illegal-bridge-to-itself = un pont relie deux tuiles différentes, pas deux fois { $cell }
illegal-occupied = { $cell } est déjà occupée par une tuile { $owner ->
    [white] blanche
   *[red] rouge
}
illegal-under-bridge = { $cell } est sous le pont { $bridge }
illegal-not-enough-tiles = il te reste { $left ->
    [0] aucune tuile
    [one] une seule tuile
   *[other] { $left } tuiles
}, tu ne peux donc pas en poser deux
illegal-group-too-large = cela forme en { $cell } un groupe de { $size } tuiles ; un groupe en compte au plus 4
illegal-island-touches-diagonally = l'île { $island } toucherait en diagonale ta tuile en { $tile }
illegal-not-your-tile = il n'y a pas de tuile { $color ->
    [white] blanche
   *[red] rouge
} en { $cell } pour porter un pont
illegal-not-a-bridge = { $a } et { $b } ne sont pas à portée de pont : un pont enjambe une case en ligne, en colonne ou en diagonale, ou franchit un saut de cavalier
illegal-already-bridged = la tuile en { $cell } porte déjà le pont { $bridge }
illegal-over-tile = le pont { $bridge } passerait au-dessus de la tuile { $owner ->
    [white] blanche
   *[red] rouge
} en { $cell }
illegal-crossing = le pont { $bridge } croiserait le pont { $other }
illegal-no-bridges-left = il ne reste plus de pont : les { $pool } sont tous posés
illegal-swap-not-now = l'échange n'est permis qu'au deuxième coup, juste après les deux premières tuiles blanches
illegal-may-not-pass = tu peux encore poser deux tuiles (par exemple { $a } { $b }), tu ne peux donc pas passer
