# ponte en français. Les mêmes messages avec les mêmes arguments que en.ftl (un test le
# vérifie). Les termes de la règle : tuile, île, banc de sable, pont, case bloquée. Le joueur
# est tutoyé. Pas de « de { $nom } » : un nom qui commence par une voyelle exigerait « d' ».

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
supply-unlimited = réserve illimitée
supply-limited = { $tiles } tuiles par joueur, { $bridges } ponts
# Une étiquette et ce qui suit, p. ex. « alice (blanc) : 3 points ».
labelled = { $label } : { $text }
move-pass = passe
move-swap = échange

diagram-bridges = ponts { $color }s : { $bridges }
diagram-last-move = dernier coup : { $move } (coup { $number })
# $figures: the counts of points, islands, bridges and tiles ("3 points"), joined by commas.
diagram-score = { $color }  { $figures }
diagram-tiles-left = , réserve { $left }
diagram-bridges-left = ponts restants dans la réserve : { $left }

## Pourquoi un coup est interdit

illegal-game-over = la partie est terminée
illegal-off-board = { $cell } est hors du plateau ({ $size }×{ $size })
illegal-same-cell = les deux tuiles doivent aller sur deux cases différentes, pas toutes les deux en { $cell }
illegal-bridge-to-itself = un pont relie deux tuiles différentes, pas deux fois { $cell }
illegal-occupied = la case { $cell } est déjà occupée par une tuile { $owner ->
    [white] blanche
   *[red] rouge
}
illegal-under-bridge = la case { $cell } est sous le pont { $bridge }
illegal-not-enough-tiles = { $left ->
    [0] tu n'as plus aucune tuile
    [one] il ne te reste qu'une tuile
   *[other] il ne te reste que { $left } tuiles
}, tu ne peux donc pas en poser deux
illegal-group-too-large = cela formerait en { $cell } un groupe de { $size } tuiles ; un groupe en compte au plus 4
illegal-island-touches-diagonally = l'île { $island } toucherait en diagonale ta tuile en { $tile }
illegal-not-your-tile = il n'y a pas de tuile { $color ->
    [white] blanche
   *[red] rouge
} en { $cell } pour porter un pont
illegal-not-a-bridge = aucun pont ne peut relier { $a } et { $b } : un pont relie deux tuiles séparées par une case (en ligne, en colonne ou en diagonale) ou distantes d'un saut de cavalier
illegal-already-bridged = la tuile en { $cell } porte déjà le pont { $bridge }
illegal-over-tile = le pont { $bridge } passerait au-dessus de la tuile { $owner ->
    [white] blanche
   *[red] rouge
} en { $cell }
illegal-crossing = le pont { $bridge } croiserait le pont { $other }
illegal-no-bridges-left = il ne reste plus aucun pont : les { $pool } ont tous été posés
illegal-swap-not-now = l'échange n'est permis qu'au deuxième coup, juste après les deux premières tuiles blanches
illegal-may-not-pass = tu peux encore poser deux tuiles (par exemple { $a } { $b }), tu ne peux donc pas passer

## La légende sous l'image du plateau

caption-title = Partie #{ $id }
caption-bridges-left = ponts restants : { $left } sur { $pool }
caption-bridges-unlimited = ponts illimités
caption-tiles-each = { $n } tuiles par joueur
caption-tiles-unlimited = tuiles illimitées
caption-tiles-left = { $n ->
    [one] { $n } tuile restante
   *[other] { $n } tuiles restantes
}
player-color = { $name } ({ $color })
caption-game-over = Partie terminée : { $ending }
caption-game-over-plain = Partie terminée
caption-move = Coup { $number } : { $move }
caption-to-move-pie = à { $who } de jouer : échanger ou poser deux tuiles rouges
caption-last-turn = { $who } joue le dernier tour
caption-to-move = à { $who } de jouer
plot-title = Cote : { $name }
plot-caption = { $games ->
    [one] au départ, puis après { $games } partie classée
   *[other] au départ, puis après chacune des { $games } parties classées
}
plot-no-games = Pas encore de partie classée.

## Les parties : temps par coup et résultats

move-time-none = sans limite de temps
move-time-days = { $n ->
    [one] { $n } jour par coup
   *[other] { $n } jours par coup
}
move-time-hours = { $n ->
    [one] { $n } heure par coup
   *[other] { $n } heures par coup
}
move-time-minutes = { $n ->
    [one] { $n } minute par coup
   *[other] { $n } minutes par coup
}
result-aborted = la partie a été annulée : pas de résultat
result-resignation = { $winner } gagne par abandon
result-timeout = { $winner } gagne au temps : { $loser } a dépassé son temps
result-islands = { $winner } gagne au premier départage : points à égalité ({ $points }–{ $points }), plus d'îles ({ $ours }–{ $theirs })
result-bridges = { $winner } gagne au second départage : points et îles à égalité, plus de ponts ({ $ours }–{ $theirs })
result-points = { $winner } gagne aux points ({ $ours }–{ $theirs })
result-draw = partie nulle : points, îles et ponts à égalité ({ $white }–{ $red })
result-end-last-turn = { $white } a passé, donc { $red } a eu le dernier tour ({ $move }) ; puis la partie a été décomptée
result-end-red-passed = { $red } a passé, ce qui termine la partie aussitôt : elle a été décomptée telle quelle

## Ce que le service refuse

error-unknown-game = il n'y a pas de partie #{ $id }
error-unknown-challenge = il n'y a pas de défi #{ $id }
error-not-your-game = tu ne joues pas dans la partie #{ $id }
error-not-your-turn = ce n'est pas ton tour : c'est à { $name } de jouer
error-game-over = la partie #{ $id } est terminée
error-position-changed = la position a changé avant l'arrivée de ton coup : regarde le nouveau plateau et réessaie
error-not-a-move = « { $text } » n'est pas un coup : écris deux cases pour poser (c3 e5), deux cases reliées par un tiret pour un pont (c3-e4), swap, pass ou resign
error-self-challenge = tu ne peux pas te défier toi-même
error-move-time-out-of-range = le temps par coup doit être compris entre 1 minute et 30 jours
error-own-challenge = tu ne peux pas accepter ton propre défi
error-not-for-you = ce défi est destiné à { $name }
error-not-your-challenge = ce défi ne peut être annulé que par { $name }
error-open-challenge-decline = un défi ouvert ne se refuse pas ; ignore-le simplement, il expirera de lui-même
error-challenge-expired = ce défi a expiré
error-challenge-closed = { $status ->
    [accepted] ce défi a déjà été accepté
    [declined] ce défi a déjà été refusé
    [cancelled] ce défi a déjà été annulé
    [expired] ce défi a déjà expiré
   *[open] ce défi est encore ouvert
}
error-no-game-here = tu n'as pas de partie ici
error-time-ran-out = le temps pour ce coup est écoulé : la partie #{ $id } est perdue au temps
error-too-late-to-abort = une partie ne peut être annulée qu'avant le premier coup de Rouge ; ensuite, il faut abandonner
error-not-your-abort = seuls les deux joueurs, ou un membre qui peut gérer ce serveur, peuvent annuler la partie #{ $id }
error-not-your-rematch = la revanche est réservée aux deux joueurs de la partie #{ $id }
error-not-over = la partie #{ $id } n'est pas encore terminée
error-no-server = les classements n'existent que sur un serveur
error-which-game = tu as plusieurs parties ici : précise laquelle ({ $games })
error-damaged = la partie #{ $id } est endommagée (ses coups enregistrés : { $reason }) : plus rien ne peut y être enregistré
error-store = Désolé, je n'ai pas pu lire ou enregistrer cela (un problème de mon côté) : rien n'a été modifié. Réessaie dans un instant.
error-unexpected = Désolé, quelque chose s'est mal passé de mon côté. Réessaie dans un instant.

## Discord : défis et parties contre le bot

challenge-anyone = tout le monde
challenge-opener-challenger = L'auteur du défi
challenge-opener-other = L'autre joueur
challenge-text = { $who } défie { $whom } à une partie { $rated ->
    [yes] classée
   *[no] non classée
} de Ponte del Diavolo ({ $terms }). { $opener } commence en posant les deux premières tuiles blanches ; son adversaire garde ensuite Rouge ou échange. Le défi expire { $expires }.
challenge-accepted = { $name } a accepté : partie #{ $id } — { $white } (Blanc) contre { $red } (Rouge).
challenge-closed = Le défi lancé par { $challenger } a été { $status ->
    [declined] refusé
   *[cancelled] annulé
} par { $name }.
challenge-expired = Le défi lancé par { $challenger } a expiré.
challenge-other-bot = les autres bots ne peuvent pas jouer ; défie plutôt une personne — ou moi
challenge-bot-options = `niveau` et `premier` ne servent qu'aux parties contre moi : choisis-moi comme `adversaire`
challenge-bot-rated = les parties contre moi ne sont jamais classées : n'utilise pas l'option `classée`
ai-game-text = { $human } affronte { $bot } ({ $level }) dans une partie non classée de Ponte del Diavolo ({ $terms }). { $opener } commence en posant les deux premières tuiles blanches ; son adversaire garde ensuite Rouge ou échange. La suite se joue dans le fil de la partie.
ai-game-not-started = La partie n'a pas pu commencer : { $reason }
level = { $level ->
    [easy] facile
    [medium] moyen
   *[hard] difficile
}
rematch-no-channel = cette partie n'a pas de salon pour une revanche
rematch-offered = Revanche proposée dans { $channel } (défi #{ $id }).
rematch-started = Revanche : la partie #{ $id } commence dans { $thread }.

## Discord : boutons

button-accept = Accepter
button-decline = Refuser
button-cancel = Annuler
button-rematch = Revanche
button-export = Exporter
button-swap = Échanger — prendre Blanc
button-keep = Garder Rouge
button-resign = Oui, abandonner la partie #{ $id }
button-stale = ce bouton n'est plus valable
pie-kept = Tu gardes Rouge : pose tes deux tuiles rouges avec `/poser`.

## Discord : coups et plateaux

game-number = Partie #{ $id }
played-place = { $who } a posé `{ $cells }`.
played-bridge = { $who } a construit le pont `{ $bridge }`.
played-swap = { $who } a échangé et joue maintenant Blanc.
played-forced-pass = { $who } ne peut ni poser deux tuiles ni construire de pont, et passe donc automatiquement.
played-pass = { $who } a passé son tour.
played-resign = { $who } a abandonné.
turn-ai-thinking = { $name } ({ $level }) réfléchit ({ $color })…
turn-deadline = (le délai expire { $at })
turn-open = { $who }, tu commences : pose les deux premières tuiles blanches avec `/poser`.
turn-pie = { $who }, à toi de choisir : **Échanger** pour prendre les tuiles blanches, ou **Garder Rouge** et poser deux tuiles rouges avec `/poser`.
turn-last = { $who }, Blanc a passé : c'est ton dernier tour ({ $color }).
turn-yours = { $who }, à toi de jouer ({ $color }).
board-headline = Partie #{ $id } : { $white } (Blanc) contre { $red } (Rouge), { $over ->
    [yes] terminée après le coup { $plies }
   *[no] coup { $number }
}.
networks-none = aucune île
game-over = **Partie terminée :** { $headline }.
move-saved = Enregistré : coup { $ply } de la partie #{ $id }. Le plateau s'affiche juste après.
move-saved-elsewhere = Enregistré : coup { $ply } de la partie #{ $id }. Le plateau s'affiche dans { $channel }.
place-takes-two-cells = /poser attend deux cases, par exemple `c3 d4`{ $elsewhere ->
    [bridge] {" "}: pour construire un pont, utilise /pont
    [pass] {" "}: pour passer, utilise /passer
    [resign] {" "}: pour abandonner, utilise /abandonner (une confirmation est demandée)
    [swap] {" "}: pour échanger, utilise /échanger ou le bouton « Échanger » sous le plateau
   *[none] {""}
}
bridge-takes-two-cells = /pont attend deux cases, par exemple `c3-e4`{ $elsewhere ->
    [place] {" "}: pour poser des tuiles, utilise /poser
    [pass] {" "}: pour passer, utilise /passer
    [resign] {" "}: pour abandonner, utilise /abandonner (une confirmation est demandée)
    [swap] {" "}: pour échanger, utilise /échanger ou le bouton « Échanger » sous le plateau
   *[none] {""}
}
resign-confirm = Veux-tu vraiment abandonner la partie #{ $id } ? Ton adversaire gagnera.
game-aborted = La partie #{ $id } ({ $white } contre { $red }) a été annulée par { $name } : pas de résultat, et elle ne compte pas pour le classement. Le plateau s'affiche juste après.
thread-not-opened = (Je n'ai pas pu ouvrir de fil pour cette partie : elle se joue donc ici, dans le salon.)
thread-refused = (Je n'ai pas pu écrire dans le fil de la partie : elle continue donc ici.)
reminder = ⏰ { $who }, il ne te reste qu'un quart de ton temps dans la partie #{ $id } (tu joues { $color }) : le délai expire { $at }.
reminder-dm = À toi de jouer dans la partie #{ $id } de Ponte del Diavolo : le délai expire { $at }.
export-record = La notation de la partie #{ $id }.

## Discord : listes, classements et aide

autocomplete-game = #{ $id } contre { $opponent } ({ $yours ->
    [yes] à toi de jouer
   *[no] en attente
})
games-none = Tu n'as aucune partie en cours. Lances-en une avec `/défier`.
games-your-turn = **à toi de jouer**
games-their-turn = à { $name } de jouer
games-over = terminée
games-line = #{ $id } : toi ({ $color }) contre { $opponent }, coup { $number }, { $turn }
games-deadline = le délai expire { $at }
notify-on = Je t'enverrai un message privé quand il ne te restera qu'un quart de ton temps pour jouer un coup.
notify-off = Plus de messages privés ; les rappels apparaissent toujours dans le fil de la partie.
notify-digest = Chaque jour à { $hour } ({ $zone }), je t’enverrai un message privé avec les parties où c’est ton tour, et rien un jour où aucune n’attend. Les rappels apparaissent toujours dans les fils des parties.
digest-header = { $count ->
    [one] Ton résumé quotidien : 1 partie attend ton coup.
   *[other] Ton résumé quotidien : { $count } parties attendent ton coup.
}
digest-line = #{ $id } contre { $opponent }, coup { $number }
error-unknown-time-zone = « { $name } » n’est pas un fuseau horaire : choisis-en un dans la liste, p. ex. Europe/Paris.
error-digest-needs-zone = Dis-moi ton fuseau horaire (l’option `fuseau`, p. ex. Europe/Paris) : Discord ne me le dit pas.
error-digest-hour = L’heure du résumé va de 0 à 23.
rating-line = { $rating } ± { $deviation }{ $provisional ->
    [yes] {" "}(provisoire)
   *[no] {""}
} · { $wins }–{ $losses }–{ $draws } sur { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}
leaderboard-empty = Aucune partie classée sur ce serveur pour l'instant. Défie quelqu'un avec `/défier` !
leaderboard-title = **Classement** (page { $page } sur { $pages } ; V–D–N ; les cotes provisoires viennent après les cotes établies)
leaderboard-you = Toi : { $line }
leaderboard-you-unrated = Tu n'as encore aucune partie classée ici.
stats-rank = Rang { $rank } · { $rating }
stats-unrated = Aucune partie classée sur ce serveur pour l'instant.
stats-streak = Série en cours : { $kind ->
    [win] { $n ->
        [one] { $n } victoire
       *[other] { $n } victoires
    }
    [loss] { $n ->
        [one] { $n } défaite
       *[other] { $n } défaites
    }
   *[draw] { $n ->
        [one] { $n } partie nulle
       *[other] { $n } parties nulles
    }
}
stats-game = #{ $id } contre { $opponent } : { $outcome ->
    [won] gagnée
    [lost] perdue
   *[draw] nulle
}{ $rated ->
    [yes] {""}
   *[no] {" "}(non classée)
}
stats-against-ai = Contre moi (victoires–défaites–nulles, parties non classées) : { $records }
settings-language-chosen = Langue de mes messages sur ce serveur : { $language }.
settings-language-server = Désormais, je publie dans la langue de ce serveur ({ $language }), telle que Discord l'indique.
guild-only = Les parties se jouent dans un salon de serveur, pas en messages privés.
managers-only = Seuls les membres qui peuvent gérer ce serveur peuvent modifier ses réglages.
argument-unreadable = Je n'ai pas pu lire « { $input } » : { $error }
argument-missing = Il manque quelque chose : { $error }
rules-picture-title = Îles et ponts
rules-white = Blanc
rules-red = Rouge
rules-text = **Ponte del Diavolo** — construis des îles et relie-les par des ponts.
    • **Début :** un joueur pose deux tuiles blanches : l'auteur du défi (contre moi, selon l'option `premier` ; pour une revanche, celui qui a perdu, ou après un nul celui qui n'a pas commencé ; en tournoi, selon l'appariement). L'autre joueur échange alors (il prend Blanc) ou garde Rouge et pose deux tuiles rouges. Ensuite, Rouge et Blanc jouent à tour de rôle.
    • **Un tour :** pose deux tuiles de ta couleur sur des cases libres (`/poser c3 d4`), ou construis un pont entre deux de tes tuiles (`/pont c3 e4`).
    • **Îles :** 4 tuiles qui se touchent par un côté forment une île (un bloc marqué ◆ sur le plateau) ; 1 à 3 tuiles forment un banc de sable (des carrés séparés, plus petits). Un groupe n'a jamais plus de 4 tuiles, et une île ne peut toucher aucune autre tuile de sa couleur, même en diagonale.
    • **Ponts :** un pont relie deux de tes tuiles séparées par une case (en ligne, en colonne ou en diagonale) ou distantes d'un saut de cavalier. Les cases sous un pont restent bloquées pour de bon ; les ponts ne se croisent jamais ; un seul pont par tuile.
    • **Fin :** un joueur qui ne peut plus poser deux tuiles peut construire un pont ou `/passer`. Quand Blanc passe, Rouge joue un dernier tour ; si Rouge passe, la partie est finie.
    • **Décompte :** chaque groupe d'îles reliées par des ponts (y compris via des bancs de sable) rapporte 1, 3, 6, 10, 15… points pour 1, 2, 3, 4, 5… îles. En cas d'égalité, on départage au nombre d'îles, puis au nombre de ponts ; si l'égalité persiste, la partie est nulle.
help-text = `/défier [adversaire] [taille] [réserve] [temps] [classée]` — défie un joueur, ou tout le monde ; la partie a son propre fil (classée, sauf indication contraire). Choisis-moi comme `adversaire` (avec `niveau` facile, moyen ou difficile, et `premier`) pour jouer contre moi tout de suite, en partie non classée.
    `/poser c3 d4` — poser deux tuiles (les cases sont proposées pendant la saisie).
    `/pont c3 e4` — construire un pont entre deux de tes tuiles.
    `/échanger` — la règle du gâteau : à son premier tour, Rouge peut prendre Blanc et ses deux tuiles (ou bouton « Échanger »).
    `/passer` — seulement si tu ne peux pas poser deux tuiles. `/abandonner` — abandonner la partie (avec confirmation).
    `/indice` — contre le bot : le coup qu’il jouerait à ta place, et pourquoi (les indices sont comptés).
    `/apprendre` — les règles en huit leçons. `/problème` — trouve le coup qui garde l’avantage.
    `/plateau` — afficher le plateau d'une partie. `/parties` — tes parties, qui doit jouer et le temps restant. `/règles` — les règles.
    `/annuler` — annuler une partie avant le premier coup de Rouge. `/exporter` — la notation de la partie, en fichier.
    `/revoir [partie]` — une partie finie rejouée en animation. `/analyser [partie]` — où elle s’est gagnée et perdue, selon l’IA.
    `/classement [page]`, `/stats [joueur]` — les cotes de ce serveur. `/rappels activés|désactivés|résumé quotidien` — rappels en message privé, ou un résumé par jour.
    `/vacances partir|revenir|état` — une pause : tes pendules s’arrêtent.
    `/réglages langue|tournois|vacances|salon-problèmes|pages` — langue, tournois, vacances, problème du jour ici, pages web privées (gestionnaires). `/web déconnexion` — te déconnecter du plateau web.
    `/tournoi créer|lancer|classement|appariements|retrait|annuler` — tournois du serveur (toutes rondes ou système suisse) ; inscription avec le bouton sous l'annonce.
    Dans le fil d'une partie, les commandes visent cette partie ; ailleurs, choisis-la avec `partie`. `/aide` — cette liste.

## Discord : les commandes

cmd-challenge = défier
    .description = Défier un joueur, tout le monde ou le bot lui-même à une partie de Ponte del Diavolo
    .opponent = adversaire
    .opponent-description = Contre qui (le bot lui-même, ou vide pour un défi ouvert)
    .size = taille
    .size-description = Taille du plateau
    .size-choice-0 = 12×12 (par défaut)
    .size-choice-1 = 10×10 (le petit plateau)
    .supply = réserve
    .supply-description = Tuiles et ponts : comme dans la boîte, ou illimités
    .supply-choice-0 = comme dans la boîte (par défaut)
    .supply-choice-1 = illimitée
    .time = temps
    .time-description = Temps par coup
    .time-choice-0 = sans limite
    .time-choice-1 = 1 heure
    .time-choice-2 = 1 jour
    .time-choice-3 = 3 jours (par défaut)
    .time-choice-4 = 7 jours
    .rated = classée
    .rated-description = Si la partie compte pour le classement du serveur (par défaut : oui)
    .level = niveau
    .level-description = Contre le bot : sa force de jeu (par défaut : moyen)
    .level-choice-0 = facile
    .level-choice-1 = moyen
    .level-choice-2 = difficile
    .first = premier
    .first-description = Contre le bot : qui commence, moi ou le bot (par défaut : moi)
    .first-choice-0 = moi
    .first-choice-1 = le bot
cmd-place = poser
    .description = Poser deux tuiles, par exemple c3 d4
    .first = première
    .first-description = Première case, par exemple c3 (ou les deux : c3 d4)
    .second = seconde
    .second-description = Seconde case, par exemple d4
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-bridge = pont
    .description = Construire un pont entre deux de tes tuiles, par exemple c3 e4
    .from = de
    .from-description = Une extrémité : une de tes tuiles, par exemple c3 (ou les deux : c3-e4)
    .to = à
    .to-description = L'autre extrémité, par exemple e4
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-pass = passer
    .description = Passer : seulement si tu ne peux pas poser deux tuiles
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-resign = abandonner
    .description = Abandonner une partie (avec confirmation)
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-board = plateau
    .description = Afficher le plateau d'une partie
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-games = parties
    .description = Tes parties en cours et qui doit jouer
cmd-abort = annuler
    .description = Annuler une partie avant le premier coup de Rouge (gestionnaires : toute partie) ; sans résultat
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-notify = rappels
    .description = Comment tu entends parler de tes parties en message privé : rappels, résumé quotidien ou rien
    .reminders = rappels
    .reminders-description = Rappels en message privé activés ou désactivés
    .reminders-choice-0 = activés
    .reminders-choice-1 = désactivés
    .reminders-choice-2 = résumé quotidien
    .hour = heure
    .hour-description = L’heure du résumé dans ton fuseau horaire, de 0 à 23 (8 par défaut)
    .zone = fuseau
    .zone-description = Ton fuseau horaire, p. ex. Europe/Paris (nécessaire pour le résumé)
cmd-leaderboard = classement
    .description = Les cotes de ce serveur
    .page = page
    .page-description = Page (10 joueurs par page)
cmd-stats = stats
    .description = Cote, bilan, série, dernières parties et évolution de la cote d'un joueur
    .player = joueur
    .player-description = Quel joueur (par défaut : toi)
cmd-export = exporter
    .description = La notation de la partie (pour `ponte replay`), en fichier
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)
cmd-rules = règles
    .description = Un court résumé des règles, avec un plateau d'exemple
cmd-help = aide
    .description = Comment jouer avec ce bot
cmd-settings = réglages
    .description = Les réglages du serveur (gestionnaires seulement)
cmd-settings-language = langue
    .description = La langue des messages du bot sur ce serveur
    .language = langue
    .language-description = English, Deutsch, Français ou la langue du serveur selon Discord
    .language-choice-0 = la langue du serveur
    .language-choice-1 = English
    .language-choice-2 = Deutsch
    .language-choice-3 = Français

## Le terminal (ponte local). Les commandes restent des mots anglais.

local-welcome = ponte local : tu joues en tant que { $name } (`as NOM` joue en tant que quelqu'un d'autre).
    Nouveau dans le jeu ? Tape `learn` : { $lessons } courtes leçons te l'apprennent. `puzzle` te donne une position à résoudre, `help` liste toutes les commandes.
local-help =
    commandes (chacune peut être précédée de `as NOM` pour agir au nom de ce joueur) :
      play NOM NOM [size N] [unlimited]     lancer une partie tout de suite (le premier nom joue Blanc et commence) ;
                                            un nom peut être le bot : ai:easy, ai:medium ou ai:hard
      challenge NOM|open [size N] [unlimited] [time JOURS]
      accept [#ID]  decline [#ID]  cancel [#ID]
      place c3 d4   bridge c3-e4   swap   pass   resign (puis yes)   (ou tape simplement le coup : c3 d4)
      board   games   game #ID   record   replay [#ID]   analyse [#ID]   rules   help   quit
      vacation NOM JOURS   back NOM   (un joueur en vacances : ses pendules s’arrêtent)
      rematch [#ID]   une partie finie à nouveau, le perdant commence
      hint   contre le bot : le coup qu’il jouerait à ta place, et pourquoi (les indices sont comptés)
    les coups sont joués par le joueur dont c'est le tour dans la partie en cours, sauf si `as NOM` dit autre chose
    le plateau : w W tuiles blanches (W : dans une île), r R rouges, ─ │ ╱ ╲ un pont au-dessus des cases où aucune tuile ne va,
      {"["}w] les tuiles du dernier coup ; rules affiche les règles en bref
local-unknown-command = « { $word } » n’est pas une commande (help les donne toutes){ $nearest ->
    [none] {""}
   *[other] {" "}: voulais-tu dire { $nearest } ?
}
local-you-are = tu es maintenant { $name }
local-error = erreur : { $error }
local-news-result = partie #{ $id } : { $result }
local-news-reminder = partie #{ $id } : { $name }, il ne te reste qu'un quart de ton temps
local-news-expired = le défi #{ $id } a expiré
local-say-who = `as` demande un nom : `as NOM`, seul ou devant une commande
local-usage-play = utilisation : play NOM NOM [size N] [unlimited]
local-bot-itself = le bot ne peut pas jouer contre lui-même
local-usage-challenge = utilisation : challenge NOM|open [size N] [unlimited] [time JOURS]
# $command vaut accept, decline ou cancel.
local-nothing-to-answer = { $name } n'a aucun défi à { $command ->
    [accept] accepter
    [decline] refuser
    [cancel] annuler
   *[other] traiter
}
local-declined = défi #{ $id } refusé
local-cancelled = défi #{ $id } annulé
local-no-current = pas de partie en cours : `play NOM NOM`, `accept` ou `game #ID`
local-no-current-open = pas de partie en cours : `game #ID` reprend l’une de celles-ci
local-no-games = { $name } n'a aucune partie en cours
local-your-turn = à toi de jouer
local-games-line = #{ $id } : { $white } contre { $red }, coup { $number }, { $turn }
local-usage-game = utilisation : game #ID
local-usage-vacation = utilisation : vacation NOM JOURS
local-usage-back = utilisation : back NOM
local-vacation = { $name } est en vacances jusqu’au { $until } : les pendules de ses parties s’arrêtent (encore { $left } jours cette année)
local-back = { $name } est de retour : ses pendules repartent (encore { $left } jours cette année)
local-not-an-id = « { $word } » n'est pas un numéro comme #3
local-size-needs-number = size demande un nombre de 6 à 16
local-time-range = time est le nombre de jours par coup, d'une minute (0.0007) à { $days }
local-unknown-option = option inconnue « { $option } »
local-challenge = défi #{ $id } : { $challenger } défie { $whom } ({ $variant }) ; réponds avec `as NOM accept`
local-started = la partie #{ $id } commence : { $white } pose les deux premières tuiles blanches, puis { $red } garde Rouge ou échange ({ $variant })
local-played-swap = { $who } échange et prend Blanc
local-played-forced-pass = { $who } ne peut ni poser deux tuiles ni construire de pont, et passe
local-played-pass = { $who } passe
local-played-resign = { $who } abandonne
local-played = { $who } joue { $move }
local-saved = enregistré : coup { $ply } de la partie #{ $id }
local-players = partie #{ $id } : { $white } joue Blanc, { $red } joue Rouge
local-game-over = partie terminée : { $result }
local-to-move = à { $who } de jouer
local-to-move-pie = à { $who } de jouer (swap pour échanger et prendre Blanc, ou poser deux tuiles rouges)
local-bot-to-move = c’est à { $name } de jouer, et il joue ses coups lui-même : attends-le, ou nomme qui joue (as NAME …)
local-ai-later = { $error } : ton coup est enregistré ; le bot répond dans la partie #{ $id } avant ta prochaine commande
local-picture = image : { $path }
local-no-picture = (pas d'image : { $error })
local-picture-failed = (impossible d'écrire { $path } : { $error })

## Tournois

error-unknown-tournament = il n'y a pas de tournoi #{ $id }
error-tournament-name = un tournoi a besoin d'un nom de 80 caractères au plus
error-swiss-rounds = un tournoi au système suisse compte de 1 à { $most } rondes
error-signup-closed = les inscriptions au tournoi #{ $id } sont closes
error-already-entered = tu es déjà inscrit au tournoi #{ $id }
error-not-entered = tu n'es pas inscrit au tournoi #{ $id }
error-not-organiser = seuls l'organisateur, ou un membre qui peut gérer ce serveur, peuvent faire cela dans le tournoi #{ $id }
error-too-few-entrants = le tournoi #{ $id } a besoin d'au moins deux participants pour commencer
error-tournament-over = le tournoi #{ $id } est terminé
crosstable-rank = #
crosstable-player = Joueur
crosstable-round = R{ $n }
crosstable-points = Pts
crosstable-bye = exempt
tiebreak-sonneborn-berger = SB
tiebreak-buchholz = Buchholz
tiebreak-buchholz-cut1 = BH−1
tiebreak-direct = Confrontation
tiebreak-board-points = Plateau
tournament-game-anchor = Tournoi #{ $tournament }, ronde { $round } : { $white } – { $red } (partie #{ $id })
tournament-format-round-robin = { $double ->
    [yes] toutes rondes en aller-retour
   *[no] toutes rondes
}
tournament-format-swiss = { $rounds ->
    [one] système suisse, { $rounds } ronde
   *[other] système suisse, { $rounds } rondes
}
tournament-signup = **{ $name }** (tournoi #{ $id }) : { $format }, { $terms }, { $rated ->
    [yes] classé
   *[no] non classé
}.
tournament-signup-until = Les inscriptions ferment { $at } : appuie sur **Participer** pour jouer.
tournament-signup-by-hand = Les inscriptions restent ouvertes jusqu'au lancement du tournoi par l'organisateur : appuie sur **Participer** pour jouer.
tournament-signup-closed = Les inscriptions sont closes.
tournament-cancelled = Le tournoi a été annulé.
tournament-entrants = { $count ->
    [0] Aucun inscrit pour l'instant.
   *[other] Inscrits ({ $count }) : { $names }
}
button-join = Participer
button-leave = Se retirer
tournament-started = **{ $name }** (tournoi #{ $id }) a commencé : chaque partie a son propre fil.
tournament-round = **Ronde { $round } sur { $rounds }**
tournament-pairing = Partie #{ $id } : { $opener } commence contre { $other }
tournament-game-start = { $white } et { $red } : la partie de la ronde { $round } du tournoi #{ $id } commence ici.
tournament-bye = { $name } { $swiss ->
    [yes] est exempt (un point)
   *[no] ne joue pas cette ronde
}
tournament-standings = **{ $name }**, classement { $stage ->
    [after] après la ronde { $round } sur { $rounds }
    [during] pendant la ronde { $round } sur { $rounds }
   *[games] après { $played } parties sur { $games }
} :
tournament-standing = { $rank }. { $name } — { $points }{ $withdrawn ->
    [yes] {" "}(retiré)
   *[no] {""}
}
tournament-winner = 🏆 { $name } remporte le tournoi !
tournament-withdrawn = { $name } s'est retiré de **{ $tournament }** (tournoi #{ $id }) ; ses parties restantes sont perdues par forfait.
cmd-tournament = tournoi
    .description = Tournois du serveur : toutes rondes et système suisse, par correspondance
cmd-tournament-create = créer
    .description = Ouvrir les inscriptions à un tournoi (gestionnaires)
    .name = nom
    .name-description = Le nom du tournoi
    .format = formule
    .format-description = Toutes rondes (chacun contre chacun) ou système suisse
    .format-choice-0 = toutes rondes
    .format-choice-1 = toutes rondes en aller-retour
    .format-choice-2 = système suisse
    .rounds = rondes
    .rounds-description = Système suisse : combien de rondes (5 par défaut)
    .size = taille
    .size-description = Taille du plateau
    .size-choice-0 = 12×12 (par défaut)
    .size-choice-1 = 10×10 (le petit plateau)
    .supply = réserve
    .supply-description = Tuiles et ponts : ceux de la boîte, ou illimités
    .supply-choice-0 = la boîte (par défaut)
    .supply-choice-1 = illimitée
    .time = temps
    .time-description = Temps par coup
    .time-choice-0 = sans limite
    .time-choice-1 = 1 heure
    .time-choice-2 = 1 jour
    .time-choice-3 = 3 jours (par défaut)
    .time-choice-4 = 7 jours
    .rated = classé
    .rated-description = Si les parties comptent pour le classement du serveur (par défaut : oui)
    .signup = inscriptions
    .signup-description = Durée des inscriptions (par défaut : jusqu'au lancement à la main)
    .signup-choice-0 = jusqu'au lancement à la main
    .signup-choice-1 = 1 jour
    .signup-choice-2 = 3 jours
    .signup-choice-3 = 7 jours
    .vacations = vacances
    .vacations-description = Si une partie s’arrête pendant que son joueur au trait est en vacances (par défaut : non)
cmd-tournament-start = lancer
    .description = Clore les inscriptions et lancer le tournoi (organisateur ou gestionnaires)
    .tournament = tournoi
    .tournament-description = Quel tournoi
cmd-tournament-standings = classement
    .description = Le classement et le tableau croisé
    .tournament = tournoi
    .tournament-description = Quel tournoi
cmd-tournament-pairings = appariements
    .description = Les parties d'une ronde
    .tournament = tournoi
    .tournament-description = Quel tournoi
    .round = ronde
    .round-description = Quelle ronde (par défaut : l'actuelle)
cmd-tournament-withdraw = retrait
    .description = Se retirer (organisateur : retirer un joueur) ; les parties restantes sont perdues
    .tournament = tournoi
    .tournament-description = Quel tournoi
    .player = joueur
    .player-description = Qui se retire (par défaut : toi)
cmd-tournament-cancel = annuler
    .description = Annuler un tournoi (organisateur ou gestionnaires) ; les parties en cours sont annulées
    .tournament = tournoi
    .tournament-description = Quel tournoi
tournament-start-saved = Le tournoi #{ $id } a commencé : les appariements suivent dans le salon.
error-managers-create-tournaments = sur ce serveur, seuls les membres qui peuvent le gérer créent des tournois
settings-tournament-creators = { $members ->
    [yes] Désormais, tout membre peut créer des tournois sur ce serveur.
   *[no] Désormais, seuls les membres qui peuvent gérer ce serveur créent des tournois.
}
cmd-settings-tournaments = tournois
    .description = Qui peut créer des tournois sur ce serveur
    .creators = créateurs
    .creators-description = Les membres qui gèrent le serveur, ou tous les membres
    .creators-choice-0 = gestionnaires
    .creators-choice-1 = tous les membres
cmd-settings-vacations = vacances
    .description = Combien de jours de vacances chaque joueur a par an sur ce serveur (0 : aucun)
    .days = jours
    .days-description = Jours par an, de 0 à 365 (30 par défaut)
settings-vacation-days = { $days ->
    [0] Les vacances sont désormais désactivées sur ce serveur.
    [one] Désormais, chaque joueur a 1 jour de vacances par an sur ce serveur.
   *[other] Désormais, chaque joueur a { $days } jours de vacances par an sur ce serveur.
}
cmd-vacation = vacances
    .description = Une pause dans les parties de ce serveur : tes pendules s’arrêtent
cmd-vacation-start = partir
    .description = Partir en vacances pour des jours entiers : tes pendules s’arrêtent, pas de rappels
    .days = jours
    .days-description = Combien de jours (un jour commencé compte en entier)
cmd-vacation-end = revenir
    .description = Revenir plus tôt : tes pendules repartent, les jours non commencés te sont rendus
cmd-vacation-status = état
    .description = Si tu es en vacances, et combien de jours il te reste cette année
vacation-started = Tu es en vacances jusqu’au { $until } : dans tes parties ici où c’est ton tour, la pendule s’arrête, et tu ne reçois pas de rappels. { $left ->
    [one] Il te reste 1 jour cette année.
   *[other] Il te reste { $left } jours cette année.
}
vacation-ended = Bon retour : tes pendules repartent, chacune avec le temps qui lui restait. { $left ->
    [one] Il te reste 1 jour de vacances cette année.
   *[other] Il te reste { $left } jours de vacances cette année.
}
vacation-status = Tu n’es pas en vacances ; il te reste { $left } jours sur { $allowance } cette année.
vacation-status-away = Tu es en vacances jusqu’au { $until } ; il te reste { $left } jours sur { $allowance } cette année.
away-until = { $name } est en vacances jusqu’au { $until } : la pendule est arrêtée.
error-tournament-game-abort = la partie #{ $id } est une partie de tournoi : abandonne-la, ou retire-toi du tournoi
tournament-cancelled-post = **{ $name }** (tournoi #{ $id }) a été annulé ; les parties en cours ont été annulées.
tournament-cancel-saved = Le tournoi #{ $id } est annulé.

## Après la partie : rediffusions et analyses

autocomplete-finished-game = #{ $id } contre { $opponent }
button-replay = Revoir
replay-posted = La partie #{ $id } en animation : { $white } contre { $red }.
cmd-replay = revoir
    .description = Une partie rejouée en animation (par défaut celle du fil, sinon ta dernière)
    .game = partie
    .game-description = Quelle partie (par défaut celle du fil, sinon ta dernière partie finie)
button-analyse = Analyser
cmd-analyse = analyser
    .description = Où une partie finie s’est gagnée et perdue, selon l’IA
    .game = partie
    .game-description = Quelle partie (par défaut celle du fil, sinon ta dernière partie finie)
error-aborted-analysis = La partie #{ $id } a été annulée : il n’y a rien à analyser.
error-vacations-off = Les vacances sont désactivées sur ce serveur.
error-already-away = Tu es déjà en vacances jusqu’au { $until } : `/vacation end` te fait revenir.
error-vacation-days = { $left ->
    [0] Tu n’as plus de jours de vacances cette année.
    [one] Il te reste 1 jour de vacances cette année : demande 1.
   *[other] Demande de 1 à { $left } jours : c’est ce qu’il te reste cette année.
}
error-not-away = Tu n’es pas en vacances.
error-vacation-allowance = Un serveur donne de 0 à { $most } jours de vacances par an.
analysis-started = Analyse de la partie #{ $id } : l’IA examine chacune de ses { $positions } positions. Le résultat sera publié ici une fois prêt.
analysis-running = L’IA analyse déjà la partie #{ $id } ; le résultat sera publié ici aussi.
analysis-failed = L’analyse de la partie #{ $id } a échoué. Redemande-la plus tard.
analysis-heading = Les coups qui ont le plus changé la partie, selon l’IA :
analysis-moment = Coup { $number }, { $who } a joué { $played } : les chances de Blanc { $fell ->
    [yes] sont tombées
   *[no] sont montées
} de { $before } % à { $after } % ; l’IA préférait { $preferred }.
analysis-steady = Aucun coup n’a changé les chances de gain de plus de { $points } % : une partie sans à-coups.
analysis-title = Partie #{ $id }
    { $white } (Blanc) contre { $red } (Rouge)
analysis-caption = Les chances de gain de Blanc coup par coup ({ $playouts } simulations par position)
local-no-pictures = les animations s’écrivent à côté des images : lance sans --no-pictures
analyse-cli-start = début
analyse-cli-white = Blanc { $percent } %

## Progress bars on a terminal (ponte local's analyse, ponte analyse and gif): $done is the
## count (12/83) and $left the time left (20s), both filled in by the bar as it moves.

progress-positions = { $done } positions analysées, encore { $left }
progress-frames = { $done } images dessinées, encore { $left }

## /échanger : le choix de la règle du gâteau, en commande.

cmd-swap = échanger
    .description = Échanger : prendre Blanc et ses deux premières tuiles (seulement au premier tour de Rouge)
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)

## Analyses : qui a joué un tournant quand la partie n’a pas de joueurs (une notation) : sa couleur.

analysis-color = { $color ->
    [white] Blanc
   *[red] Rouge
}

## The terminal (ponte local): the kind of move a verb names, the last turn, the clock, the
## board's colours and the game resumed at start.

# $elsewhere is the kind of move that was typed instead: bridge, place, pass, resign, swap or none.
local-verb-place = `place` attend deux cases pour deux tuiles, par exemple `place c3 d4`{ $elsewhere ->
    [bridge] {" "}: pour construire le pont { $move }, tape `bridge { $move }`
    [pass] {" "}: pour passer, tape `pass`
    [resign] {" "}: pour abandonner, tape `resign`
    [swap] {" "}: pour échanger, tape `swap`
   *[none] {""}
}
local-verb-bridge = `bridge` attend les deux extrémités d’un pont, par exemple `bridge c3-e4` ou `bridge c3 e4`{ $elsewhere ->
    [place] {" "}: pour poser deux tuiles sur { $move }, tape `place { $move }`
    [pass] {" "}: pour passer, tape `pass`
    [resign] {" "}: pour abandonner, tape `resign`
    [swap] {" "}: pour échanger, tape `swap`
   *[none] {""}
}
local-to-move-last = à { $who } de jouer : Blanc a passé, c’est le dernier tour
local-cannot-place-two = { $reason } : deux tuiles ne tiennent plus sur le plateau, alors construis un pont ou tape `pass`
local-already-away = { $name } est déjà en vacances jusqu’au { $until } : `back { $name }` le fait revenir
local-vacation-days = { $left ->
    [0] { $name } n’a plus de jours de vacances cette année
    [one] il reste 1 jour de vacances à { $name } cette année : demande 1
   *[other] demande de 1 à { $left } jours : c’est ce qu’il reste à { $name } cette année
}
local-not-away = { $name } n’est pas en vacances
local-rules = Ponte del Diavolo — construis des îles et relie-les par des ponts.
    • Début : un joueur pose deux tuiles blanches : avec `play A B`, A ; contre le bot, le nom écrit en premier (`play ai:easy alice` : le bot commence ; `play alice ai:easy` : alice commence) ; après `challenge`, l'auteur du défi ; avec `rematch`, le perdant (après un nul, celui qui n'a pas commencé). L'autre joueur tape alors `swap` (il prend Blanc) ou garde Rouge et pose deux tuiles rouges. Ensuite, Rouge et Blanc jouent à tour de rôle.
    • Un tour : pose deux tuiles de ta couleur sur des cases libres (`c3 d4` ou `place c3 d4`), ou construis un pont entre deux de tes tuiles (`c3-e4` ou `bridge c3 e4`).
    • Îles : 4 tuiles qui se touchent par un côté forment une île (W ou R sur le plateau) ; 1 à 3 tuiles forment un banc de sable (w ou r). Un groupe n'a jamais plus de 4 tuiles, et une île ne peut toucher aucune autre tuile de sa couleur, même en diagonale.
    • Ponts : un pont relie deux de tes tuiles séparées par une case (en ligne, en colonne ou en diagonale) ou distantes d'un saut de cavalier. Les cases sous un pont (son trait sur le plateau : ─ │ ╱ ╲) restent vides pour de bon ; les ponts ne se croisent jamais ; un seul pont par tuile.
    • Fin : un joueur qui ne peut plus poser deux tuiles peut construire un pont ou taper `pass`. Quand Blanc passe, Rouge joue un dernier tour ; si Rouge passe, la partie est finie. `resign` abandonne.
    • Décompte : chaque groupe d'îles reliées par des ponts (y compris via des bancs de sable) rapporte 1, 3, 6, 10, 15… points pour 1, 2, 3, 4, 5… îles. En cas d'égalité, on départage au nombre d'îles, puis au nombre de ponts ; si l'égalité persiste, la partie est nulle.
local-clock = le délai expire le { $at } (encore { $left })
local-clock-away = { $name } est en vacances jusqu’au { $until } : la pendule est arrêtée
time-left = { $days ->
    [0] { $hours ->
        [0] { $minutes } min
       *[other] { $hours } h { $minutes } min
    }
   *[other] { $days } j { $hours } h
}
local-resumed = la partie #{ $id } reprend où elle en était : `board` l’affiche, `games` liste les autres
local-resign-ask = Abandonner la partie #{ $id } en tant que { $who } ? Tape `yes` pour confirmer ; toute autre chose continue la partie.
local-resign-kept = pas d’abandon : la partie #{ $id } continue
local-resign-not-yours = { $who } ne peut pas abandonner pour { $named } : `resign` n’abandonne que ton propre camp (celui de l’autre joueur : `as NOM resign`)
local-ai-thinking = { $name } ({ $level }) réfléchit, au plus { $seconds } s
local-unknown-player = personne du nom de { $name } n’a joué ici : les vacances sont pour les joueurs des parties du terminal

## Many games wait for the bot: its reply in game $id may take up to $seconds seconds.
slow-reply = ⏳ Beaucoup de parties m’attendent : ma réponse dans la partie #{ $id } peut prendre jusqu’à { $seconds } s.

## Les indices contre le bot (/indice, et hint dans le terminal). $move est le coup proposé
## (c3 d4, c3-e4) ; $cell et $sandbank sont des cases ; $color la couleur de l’adversaire.
hint-caption = Indice pour la partie #{ $id }
hint-given = 💡 Indice pour la partie #{ $id } : { $why }
    Les indices sont comptés : c’est l’indice n° { $count } dans cette partie.
hint-island-made = { $move } complète { $islands ->
    [one] une île
   *[other] { $islands } îles
} (en { $cell }) : { $points ->
    [one] 1 point
   *[other] { $points } points
} de plus pour toi.
hint-islands-joined = { $move } : ce pont relie tes îles en un seul réseau, et des îles reliées rapportent plus ensemble (1, 3, 6, 10… pour 1, 2, 3, 4… îles) : { $points ->
    [one] 1 point
   *[other] { $points } points
} de plus pour toi.
hint-groups-linked = { $move } : ce pont relie deux de tes groupes, et les îles que tu compléteras des deux côtés compteront ensemble (1, 3, 6… au lieu de 1 chacune).
hint-bridge-added = { $move } : ce pont ne rapporte aucun point et ne relie rien de nouveau pour la suite ; mais à points et îles égaux, le plus de ponts l’emporte.
hint-island-stopped = { $move } prend la dernière place du banc de sable { $color } en { $cell } : il ne pourra plus jamais devenir une île.
hint-cell-taken = { $move } occupe { $cell }, une case où le banc de sable { $color } en { $sandbank } pouvait s’agrandir : moins de place pour son île.
hint-sandbank-grown = { $move } agrandit ton banc de sable en { $cell } à { $tiles } tuiles : { $left ->
    [one] encore une tuile
   *[other] encore { $left } tuiles
} et c’est une île.
hint-new-sandbanks = { $move } commence { $sandbanks ->
    [one] un nouveau banc de sable, avec de la place pour devenir une île
   *[other] { $sandbanks } nouveaux bancs de sable, avec de la place pour devenir des îles
}.
hint-no-island = { $move } : ces tuiles ne pourront plus faire partie d’une île ; le bot ne voit rien de mieux à faire de ce tour.
hint-swap = Échanger (la règle du gâteau) : prends Blanc et ses deux tuiles ; le bot les juge plus précieuses que de poser deux tuiles rouges.
hint-pass = Passe : tu ne peux plus poser deux tuiles, et aucun pont ne te rapporte plus de points.
hint-pass-bridge-scores = Passe : tu ne peux plus poser deux tuiles. Un pont rapporterait pourtant des points : regarde-le.
hint-resign = Abandon : le bot ne voit plus aucun moyen de gagner.
# Dans l’annonce finale d’une partie où des indices ont été donnés.
result-hints = 💡 { $count ->
    [one] 1 indice utilisé
   *[other] { $count } indices utilisés
}
error-hint-rated = la partie #{ $id } compte pour le classement : les indices ne sont donnés que dans les parties non classées contre le bot
error-hint-between-people = la partie #{ $id } se joue entre personnes : les indices ne sont donnés que dans les parties contre le bot
error-hint-failed = Désolé, je n’ai pas trouvé d’indice cette fois (un problème de mon côté) : rien n’a été compté. Réessaie dans un instant.
cmd-hint = indice
    .description = Contre le bot : le coup qu’il jouerait à ta place, et pourquoi (les indices sont comptés)
    .game = partie
    .game-description = Quelle partie (utile seulement hors du fil de la partie)

## Puzzles: /puzzle, the terminal's `puzzle`, the daily puzzle
puzzle-title = Problème #{ $id } · { $color ->
    [white] Blanc
   *[red] Rouge
} au trait · classé { $rating }
# Over the board; whose move it is, the caption says below.
puzzle-picture-title = Problème #{ $id }
puzzle-task-game = { $color ->
    [white] Blanc
   *[red] Rouge
} gagnait ici ; le coup joué dans la partie a gâché l’avantage. Trouve un coup qui le garde.
puzzle-task = { $color ->
    [white] Blanc
   *[red] Rouge
} au trait : trouve un coup qui garde l’avantage.
puzzle-answered-before = Tu as déjà répondu à ce problème ({ $answer }, { $correct ->
    [yes] juste
   *[no] faux
}) : une nouvelle réponse ne change rien.
puzzle-right = ✅ Bien vu : { $move } garde l’avantage.
puzzle-wrong-played = ❌ Pas celui-là : { $move } est le coup joué dans la partie, celui qui a gâché l’avantage.
puzzle-wrong = ❌ Pas celui-là : { $move } laisse filer l’avantage.
puzzle-accepted = { $count ->
    [one] Coup accepté
   *[other] Coups acceptés
} : { $moves }
puzzle-best-line = Meilleure suite : { $moves } (l’image montre son premier coup).
puzzle-why = Pourquoi : { $why }
puzzle-rating-change = Ton classement aux problèmes : { $before } → { $after } ({ $change })
puzzle-rating-unchanged = Le problème #{ $id } avait déjà reçu ta réponse : ton classement aux problèmes reste { $rating }.
puzzle-answer-caption = Solution #{ $id }
puzzle-none = Il ne reste aucun problème pour toi ici pour l’instant : de nouveaux viennent des parties terminées de ce serveur.
error-unknown-puzzle = il n’y a pas de problème #{ $id } ici
error-not-a-choice = ce n’est pas l’un des choix : { $choices }
cmd-puzzle = problème
    .description = Une position tirée des parties de ce serveur : trouve le coup qui garde l’avantage
local-help-puzzle = Problèmes :  puzzle  (une position à résoudre, pour toi ou un autre joueur : `as NOM puzzle`)  ·  solve a | solve 2 | solve g2 g4  (ta réponse, par lettre, numéro ou coup)
local-puzzle-how = Réponds avec `solve` et une lettre, un numéro ou le coup : `solve a`, `solve 1` ou `solve { $example }`.
local-usage-solve = utilisation : solve a | solve 2 | solve g2 g4 (une lettre de a à d, un numéro de 1 à 4, ou l’un des coups montrés)
local-no-puzzle = aucun problème n’est affiché : tape d’abord `puzzle`
## Les leçons de /apprendre (et learn dans le terminal)
lesson-title = Leçon { $number } sur { $total } — { $name }
lesson-placing-title = Poser des tuiles
lesson-placing-text = Ponte del Diavolo se joue entre Blanc et Rouge sur un plateau carré. À ton tour, tu fais une seule chose : poser **deux** tuiles de ta couleur sur deux cases vides, ou construire un pont (leçon 4). Une seule tuile n'est jamais un coup. Blanc commence. Les cases se nomment par colonne et rangée : a1 est le coin en bas à gauche.
lesson-placing-task = Tu joues Blanc sur un plateau 6×6 vide : pose tes deux premières tuiles, par exemple c3 d4.
lesson-placing-right = Tes deux tuiles sont sur le plateau ; ce serait maintenant à Rouge de jouer.
lesson-islands-title = Les îles
lesson-islands-text = Des tuiles d'une même couleur qui se touchent par un côté forment un groupe. Un groupe d'exactement 4 tuiles est une **île** ; un groupe de 1 à 3 tuiles est un **banc de sable**. Un groupe n'a jamais plus de 4 tuiles : une cinquième tuile ne rejoint donc jamais une île. Blanc a une île en a1–b2 et un banc de sable en e4–e5.
lesson-islands-task = Pose deux tuiles blanches qui forment une deuxième île.
lesson-islands-right = Voilà une deuxième île : quatre tuiles, et aucune tuile ne pourra jamais la rejoindre.
lesson-distance-title = La règle de distance
lesson-distance-text = Une île ne peut toucher aucune autre tuile de sa couleur, **pas même en diagonale**. Les bancs de sable peuvent se toucher en diagonale, mais un banc de sable qui touche en diagonale un autre groupe de sa couleur ne pourra jamais devenir une île à cet endroit. Les couleurs ne se gênent jamais : des tuiles rouges peuvent toucher une île blanche. Blanc a une île en b2–c3.
lesson-distance-task = Lequel de ces coups est interdit à Blanc ?
lesson-distance-right = Une tuile en diagonale d'une île de sa couleur n'est jamais permise.
lesson-bridges-title = Les ponts
lesson-bridges-text = Au lieu de poser des tuiles, tu peux construire un **pont** entre deux de tes tuiles. Il a l'une de trois formes : droit par-dessus une case (c3-e3), en diagonale par-dessus une case (c3-e5), ou en saut de cavalier par-dessus deux cases (c3-d5). Les cases qu'il enjambe doivent être vides et ne reçoivent jamais de tuile. Une tuile porte au plus un pont, et les ponts ne peuvent pas se croiser. Blanc a deux îles, a1–b2 et d1–e2, et deux bancs de sable, b4 et d4.
lesson-bridges-task = Relie les deux îles blanches par un pont.
lesson-bridges-right = Des îles reliées comptent ensemble : deux îles reliées valent 3 points, pas 1 + 1.
lesson-pie-title = La règle du gâteau
lesson-pie-text = Les deux premières tuiles blanches pourraient être un début fort, alors le deuxième joueur choisit : poser deux tuiles rouges comme d'habitude, ou **échanger** : prendre Blanc avec ses tuiles sur le plateau, tandis que le premier joueur joue Rouge et joue ensuite. Le premier joueur ouvre donc ni trop fort ni trop faible. Blanc a ouvert par c3 d4 ; c'est à Rouge de jouer.
lesson-pie-task = Lequel de ces coups Rouge peut-il jouer maintenant ?
lesson-pie-right = L'échange est permis maintenant, au deuxième coup de la partie, et plus jamais ensuite.
lesson-passing-title = Passer, le dernier tour
lesson-passing-text = Dans cette partie, chaque joueur a 5 tuiles. Il en reste une à Blanc, qui ne peut donc plus poser deux tuiles. Qui ne peut pas poser deux tuiles peut construire un pont ou **passer** ; passer est interdit tant que deux tuiles peuvent encore être posées. Quand Blanc passe, Rouge a exactement un tour de plus, puis la partie se termine. Quand Rouge passe, elle se termine aussitôt.
lesson-passing-task = Passe pour Blanc.
lesson-passing-right = Rouge a maintenant exactement un tour de plus (passer compris), puis la partie se termine et est comptée.
lesson-scoring-title = Le décompte
lesson-scoring-text = À la fin, les groupes de chaque couleur sont reliés par ses ponts. Un ensemble de groupes reliés avec n îles compte selon la table : 1 île 1 point, 2 îles 3, 3 îles 6, 4 îles 10, 5 îles 15 (n·(n+1)/2). Les bancs de sable ne rapportent rien, mais ils transmettent les liaisons.
lesson-scoring-task = Combien de points a Blanc ?
lesson-scoring-right = Les îles a1–b2 et d1–e2, reliées par le pont b1-d1, valent 3 ; l'île a7–b8 seule vaut 1 : 4 points.
lesson-scoring-wrong = Compte chaque ensemble d'îles reliées selon la table, puis additionne.
lesson-tiebreaks-title = Les égalités
lesson-tiebreaks-text = La partie est finie : les deux joueurs ont posé toutes leurs tuiles, Blanc a passé, et Rouge a construit le pont g2-g4 au dernier tour. Le plus de points gagne. À points égaux, le plus d'îles gagne (toutes les îles, reliées ou non) ; à îles égales aussi, le plus de ponts ; sinon, c'est une partie nulle.
lesson-tiebreaks-task = Qui gagne cette partie ?
lesson-tiebreaks-right = Les deux ont 3 points, mais Blanc a 3 îles et Rouge 2 : Blanc gagne. Le pont de Rouge ne compterait qu'à îles égales.
lesson-tiebreaks-wrong = Compare d'abord les points, puis les îles, puis les ponts.
lesson-right = ✅ Bravo ! { $said }
lesson-wrong = ❌ Pas tout à fait : { $why } Essaie encore.
lesson-wrong-told = ❌ Pas tout à fait : { $why } La réponse : **{ $solution }**
lesson-refused = Ce coup n'est pas permis : { $reason }.
lesson-missed-place = ce n'est pas une pose de deux tuiles.
lesson-missed-island = ces tuiles ne forment pas d'île (une île, ce sont exactement 4 tuiles qui se touchent par un côté).
lesson-missed-join = ce pont ne relie pas deux îles, les points de Blanc ne changent pas.
lesson-missed-pass = ce coup est permis, mais cette leçon te demande de passer.
lesson-choice-legal = { $move } est un coup permis ici.
lesson-choice-illegal = { $move } n'est pas permis ici : { $reason }.
lesson-choice-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}
lesson-choice-won = { $winner ->
    [white] Blanc gagne
    [red] Rouge gagne
   *[none] Partie nulle
}{ $by ->
    [points] {""} : plus de points
    [islands] {""} : points égaux, plus d'îles
    [bridges] {""} : points et îles égaux, plus de ponts
   *[draw] {""} : tout est égal
}
lesson-finished = 🎓 Tu as suivi les { $total } leçons de Ponte del Diavolo. Joue ta première partie contre le bot (facile) sur un plateau 8×8, ou recommence.
lesson-how-move = Réponds avec `/poser`, `/pont` ou `/passer` comme dans une partie (hors du fil d'une partie), ou avec `/apprendre` et son option `coup`.
lesson-how-choice = Réponds avec un bouton.
lesson-move-answered = Leçon { $number } : tu n'as pas de partie ici, ton coup a donc répondu à ta leçon (les coups d'une partie se jouent dans son fil).
lesson-bot-started = Ta partie #{ $id } contre le bot (facile), sur { $size }×{ $size }, commence dans { $thread }. Bonne chance !
lesson-bot-in-server = Les parties se jouent dans les salons d'un serveur : utilise ce bouton, ou `/défier` avec le bot, sur un serveur.
button-lesson-bot = Jouer contre le bot (facile)
button-lesson-again = Recommencer
local-lesson-how-move = Tape ton coup comme dans une partie (c3 d4, b1-d1, pass).
local-lesson-how-choice = Tape le numéro de ta réponse :
local-lesson-finished = 🎓 Tu as suivi les { $total } leçons. Joue contre le bot (facile) : play { $name } ai:easy size 8. Ou recommence : learn 1.
local-help-learn = Leçons :  learn  (la leçon où tu en es, pour toi ou un autre joueur : `as NOM learn`)  ·  learn 3 | learn again  (une leçon par son numéro, ou depuis la première)  ·  réponds par un coup comme dans une partie (quand aucune partie n’est en cours ; sinon learn c3 d4) ou par le numéro d’une réponse : 2
local-usage-learn = utilisation : learn | learn 3 | learn again | learn c3 d4 (une leçon par son numéro, de nouveau depuis la première, ou un coup qui répond à ta leçon)
local-no-lesson = aucune leçon n’attend de réponse : tape `learn`
local-lesson-game-current = La partie #{ $id } est en cours : un coup tapé seul y est joué. Réponds à la leçon avec learn et le coup : learn c3 d4.
error-unknown-lesson = il n'y a pas de leçon { $number } : les leçons sont numérotées de 1 à { $total }
error-no-lesson = aucune leçon n'attend de réponse : /apprendre montre où tu en es
error-lesson-answered = cette leçon a déjà reçu sa réponse : tu en es maintenant à la leçon { $number }
error-lesson-wants-move = cette leçon demande un coup, pas un choix
error-lesson-wants-choice = dans cette leçon, tu choisis l'une des réponses, pas un coup
cmd-learn = apprendre
    .description = Apprendre Ponte del Diavolo en jouant : huit courtes leçons, rien que pour toi
    .lesson = leçon
    .lesson-description = Aller à cette leçon (1 à 8) ; 1 recommence du début
    .move = coup
    .move-description = Ton coup pour la leçon, p. ex. c3 d4, b1-d1 ou pass
daily-puzzle = 🗓️ **Le problème du jour** : clique sur Résoudre pour t’y essayer en privé.
daily-puzzle-solvers = { $count ->
    [0] Personne n’a résolu le problème #{ $id } d’hier.
    [one] 1 joueur a résolu le problème #{ $id } d’hier.
   *[other] { $count } joueurs ont résolu le problème #{ $id } d’hier.
}
button-solve = Résoudre
settings-puzzle-channel = Désormais, un problème est posté dans { $channel } chaque jour à { $at } (midi UTC).
settings-puzzle-channel-off = Désormais, aucun problème du jour n’est posté sur ce serveur.
error-managers-only = seuls les gestionnaires du serveur peuvent changer cela
cmd-settings-puzzle-channel = salon-problèmes
    .description = Un problème par jour dans ce salon, ou aucun (désactivé)
    .post = publier
    .post-description = ici : chaque jour dans ce salon ; désactivé : pas de problème du jour
    .post-choice-0 = ici
    .post-choice-1 = désactivé

## Le plateau dans le navigateur (`ponte web`). Chaque message `web-` est envoyé tel quel à
## la page, donc aucun n'a d'argument : le serveur formate les phrases avec un nombre ou un nom.

web-language = Langue
web-board = Le plateau
web-new-game = Nouvelle partie contre facile (8×8)
web-start-hint = Commence une partie : tu joues Blanc et tu ouvres ; clique sur deux cases pour poser deux tuiles.
web-cell-empty = vide
web-tile-white = tuile blanche
web-tile-red = tuile rouge
web-server-fault = Une erreur est survenue sur le serveur ; rien n'a été modifié.

## Le plateau dans le navigateur : lancer des parties et jouer des coups

web-start-title = Lancer une partie
web-start-opponent = Adversaire
web-start-against-ai = l'IA
web-start-against-people = deux personnes devant cet écran
web-start-level = Niveau
web-level-easy = facile
web-level-medium = moyen
web-level-hard = difficile
web-start-size = Plateau
web-start-supply = Tuiles et ponts
web-supply-finite = comme dans la boîte
web-supply-note = Seules les boîtes de 10×10 et 12×12 limitent tuiles et ponts ; les autres plateaux jouent sans limite.
web-supply-unlimited = illimités
web-start-opener = Qui ouvre
web-opener-you = toi (Blanc)
web-opener-ai = l'IA
web-start-white = Blanc (ouvre)
web-start-red = Rouge
web-start = Lancer
web-confirm = Confirmer
web-cancel = Annuler
web-swap = Échanger
web-pass = Passer
web-resign = Abandonner
web-resign-really = Vraiment abandonner ?
web-yes = Oui
web-no = Non
web-confirm-moves = Confirmer chaque coup avant de l'envoyer
web-preview-hint = Confirme le coup (Entrée) ou annule-le (Échap).
web-choose-next = Maintenant une case pour la seconde tuile, ou l'autre bout d'un pont.
web-no-move-from = Aucun de tes coups ne part de cette case.
page-ai-to-move = c'est au tour de { $name }, qui joue ses coups lui-même : attends-le
page-not-a-cell = « { $text } » n'est pas une case : écris la lettre d'une colonne et le numéro d'une ligne, comme c7
page-start-opponent = « { $value } » n'est pas un adversaire : choisis ai ou people
page-start-level = « { $value } » n'est pas un niveau : choisis easy, medium ou hard
page-start-size = le plateau fait de 8×8 à 12×12 cases, pas { $size }×{ $size }
page-start-supply = « { $value } » n'est pas une réserve : choisis finite ou unlimited
page-start-opener = « { $value } » ne dit pas qui ouvre : choisis you ou ai
page-start-people-only = { $option } ne vaut que pour une partie entre deux personnes
page-start-ai-only = { $option } ne vaut que pour une partie contre l'IA
page-start-names = une partie entre deux personnes demande les deux noms, celui de Blanc et celui de Rouge
page-start-name = un nom a de 1 à { $most } caractères
page-start-bot-name = { $name } est le nom de l'IA : choisis-en un autre

## The web board: lessons, puzzles and hints

web-lessons = Leçons
web-puzzle = Problème
web-hint = Indice
web-next-lesson = Leçon suivante
web-start-again = Recommencer à la leçon 1
web-next-puzzle = Un autre problème
web-lesson-board = Le plateau de la leçon
web-puzzle-board = Le plateau du problème
web-lesson-how-move = Clique sur deux cases vides pour poser deux tuiles ; clique sur une de tes tuiles, puis sur une autre, pour un pont.
web-lesson-how-choice = Choisis ta réponse :
web-puzzle-how = Clique sur le coup sur le plateau (deux cases), ou choisis-le :
web-lesson-pick = Aller à la leçon
web-answer-move-or-choice = Une réponse est un coup ou un choix, l'un des deux.
web-not-a-lesson-number = Une leçon se désigne par son numéro.

## Le plateau dans le navigateur : clavier et lecteurs d'écran.

web-cell-bridge-to = pont vers
web-cell-chosen = choisie
web-cell-target = cible permise
web-board-keys = Les flèches te déplacent sur les cases du plateau ; Entrée ou Espace choisit une case.

## The web board: the guard

web-other-site = Refusé : cette requête vient d'un autre site web. Seule la page de ponte peut modifier tes parties.
web-no-such-address = Il n'y a rien à cette adresse.
web-too-large = Cette requête est trop grande ; rien n'a été modifié.
web-bad-request = Le serveur ne comprend pas cette requête ; rien n'a été modifié.

## The web board: what the game shows, the list of games, history and downloads. `panel-`
## messages have arguments and are formatted by the server; $who is a name with its colour.

panel-your-move = À toi de jouer ({ $color }).
panel-to-move = { $who } doit jouer.
panel-played = { $name } a joué { $move }.
panel-pie-choice = Échange pour prendre Blanc, ou pose deux pièces rouges.
panel-last-turn = Blanc a passé : c’est le dernier tour.
panel-over = Partie terminée : { $result }.
panel-clock = Le temps s’écoule dans { $left }.
panel-clock-away = { $name } est en vacances : l’horloge est arrêtée.
panel-tiles-left = { $n ->
    [one] { $n } pièce restante
   *[other] { $n } pièces restantes
}
panel-step = Coup { $n } sur { $total } : { $move }
panel-no-position = Cette partie compte { $total } coups : il n’y a pas de position après le coup { $n }.
panel-step-start = Le début, avant le coup 1 sur { $total }
panel-list-your-turn = à toi de jouer ({ $color })
panel-list-to-move = { $who } doit jouer
panel-analysis-waiting = L’IA analyse la partie ; cela prend environ une demi-minute.
web-panel-players = Joueurs
web-panel-moves = Coups
web-panel-history = Historique
web-panel-first = Première position
web-panel-back = Un coup en arrière
web-panel-forward = Un coup en avant
web-panel-now = Revenir au présent
web-panel-past = Tu regardes une position antérieure : les coups attendent ton retour au présent.
web-panel-moved-on = La partie a avancé pendant que tu regardais en arrière.
web-panel-downloads = Téléchargements
web-panel-replay = Rediffusion (GIF)
web-panel-record = Feuille de partie
web-panel-analysis = Analyse
web-panel-score = Le décompte
web-panel-clock = Horloge
web-panel-pie = Règle du gâteau : Rouge peut échanger pour prendre Blanc.
web-lobby-games = Tes parties
web-lobby-none = Aucune partie en cours.
web-lobby-open = Ouvrir
web-panel-pool = Ponts restants dans la réserve

## The web board from Discord: login links, sessions and watchers
error-link-unknown = Ce lien de connexion ne vient pas de ponte. Clique sur Ouvrir le plateau dans le fil de la partie pour en avoir un nouveau.
error-link-used = Ce lien de connexion a déjà servi : chacun n'ouvre le plateau qu'une fois. Clique sur Ouvrir le plateau dans le fil de la partie pour en avoir un nouveau.
error-link-expired = Ce lien de connexion a plus de 15 minutes. Clique sur Ouvrir le plateau dans le fil de la partie pour en avoir un nouveau.
error-unknown-page = Il n'y a pas de partie à cette adresse.
error-page-private = Les pages des parties de ce serveur ne se montrent qu'à leurs joueurs. Clique sur Ouvrir le plateau dans le fil de la partie pour te connecter.
error-watchers-cannot-move = Ici, seuls les joueurs de la partie jouent. Si tu y joues, clique sur Ouvrir le plateau dans le fil de la partie pour te connecter.

## The public web board's page: logging in with a link, watching, limits
doors-continue-as = Continuer en tant que { $name } dans la partie n° { $game } ?
web-too-many = Trop de requêtes à la fois : attends quelques secondes, puis réessaie.
web-login-continue = Continuer
web-login-checking = Vérification de ton lien de connexion…
web-login-no-link = Cette adresse ne contient aucun lien de connexion. Clique sur Ouvrir le plateau dans le fil de la partie sur Discord pour en obtenir un.
web-logout = Se déconnecter
web-logged-out = Tu es déconnecté, dans tous les navigateurs.
web-watching = Tu regardes cette partie. Ses joueurs se connectent avec Ouvrir le plateau dans le fil de la partie sur Discord.
web-public-home = Ouvre une partie depuis son adresse, ou connecte-toi avec Ouvrir le plateau dans le fil d'une partie sur Discord.

## The web board from Discord: the Open board button, /web logout, private pages
button-open-board = Ouvrir le plateau
open-board-login = Ton lien personnel vers la partie #{ $id } sur le plateau web. Il n'est que pour toi : il te connecte en ton nom, ne sert qu'une fois et seulement pendant { $minutes } minutes. Ne le partage pas.
open-board-login-button = Me connecter et ouvrir le plateau
open-board-watch = La partie #{ $id } sur le plateau web : tu peux la regarder là-bas (seuls ses joueurs jouent).
open-board-watch-button = Regarder la partie
open-board-off = Le plateau web n'est plus proposé.
open-board-page = Sur le plateau web : { $address }
logged-out-everywhere = { $count ->
    [0] Tu n'étais connecté au plateau web nulle part ; les liens que tu n'as pas encore ouverts ne marchent plus.
    [one] Déconnecté du plateau web sur 1 appareil ; les liens que tu n'as pas encore ouverts ne marchent plus.
   *[other] Déconnecté du plateau web sur { $count } appareils ; les liens que tu n'as pas encore ouverts ne marchent plus.
}
cmd-web = web
    .description = Le plateau web
cmd-web-logout = déconnexion
    .description = Te déconnecter du plateau web partout
cmd-settings-pages = pages
    .description = Si les pages web des parties sont réservées à leurs joueurs
    .private = privé
    .private-description = True : seuls les joueurs d'une partie voient sa page ; False : quiconque a son adresse
settings-private-pages = { $private ->
    [yes] Désormais, les pages web des parties de ce serveur ne se montrent qu'à leurs joueurs.
   *[no] Désormais, quiconque a l'adresse d'une partie peut regarder sa page web.
}
