# ponte's words in English. Every message here exists in de.ftl and fr.ftl with the same
# arguments (a test checks). Cells (c3), bridges (c3-e4) and numbers come in as arguments.

## The game's vocabulary

# A colour in running text; $color is white or red.
color = { $color ->
    [white] white
   *[red] red
}
count-points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
count-islands = { $n ->
    [one] { $n } island
   *[other] { $n } islands
}
count-bridges = { $n ->
    [one] { $n } bridge
   *[other] { $n } bridges
}
count-tiles = { $n ->
    [one] { $n } tile
   *[other] { $n } tiles
}
move-pass = pass
move-swap = swap

## Why a move is illegal

illegal-game-over = the game is over
illegal-off-board = { $cell } is off the { $size }×{ $size } board
illegal-same-cell = the two tiles must go on two different cells, not both on { $cell }
illegal-bridge-to-itself = a bridge needs two different tiles, not { $cell } twice
illegal-occupied = { $cell } is already taken by a { $owner ->
    [white] white
   *[red] red
} tile
illegal-under-bridge = { $cell } is under the bridge { $bridge }
illegal-not-enough-tiles = you have { $left } { $left ->
    [one] tile
   *[other] tiles
} left, so you cannot place two
illegal-group-too-large = that makes a group of { $size } tiles at { $cell }; a group may have at most 4
illegal-island-touches-diagonally = the island { $island } would touch your tile at { $tile } diagonally
illegal-not-your-tile = there is no { $color ->
    [white] white
   *[red] red
} tile on { $cell } to carry a bridge
illegal-not-a-bridge = { $a } and { $b } are not a bridge apart: a bridge spans two cells in a row, column or diagonal, or a knight's move
illegal-already-bridged = the tile on { $cell } already carries the bridge { $bridge }
illegal-over-tile = the bridge { $bridge } would pass over the { $owner ->
    [white] white
   *[red] red
} tile on { $cell }
illegal-crossing = the bridge { $bridge } would cross the bridge { $other }
illegal-no-bridges-left = no bridge is left: the pool of { $pool } is used up
illegal-swap-not-now = swap is only allowed as the second move, right after White's first two tiles
illegal-may-not-pass = you can still place two tiles (for example { $a } { $b }), so you may not pass
