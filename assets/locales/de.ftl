# ponte auf Deutsch. Dieselben Nachrichten mit denselben Argumenten wie en.ftl (ein Test prüft
# das). Begriffe wie in den Spielregeln: Stein, Insel, Sandbank, Brücke, blockiertes Feld.
# Angesprochen wird mit „du“.

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
supply-unlimited = unbegrenzter Vorrat
supply-limited = je { $tiles } Steine, { $bridges } Brücken
# Eine Beschriftung und was folgt, z. B. „alice (Weiß): 3 Punkte“.
labelled = { $label }: { $text }
move-pass = gepasst
move-swap = getauscht

diagram-bridges = Brücken von { $color }: { $bridges }
diagram-last-move = letzter Zug: { $move } (Zug { $number })
# $figures: the counts of points, islands, bridges and tiles ("3 points"), joined by commas.
diagram-score = { $color }  { $figures }
diagram-tiles-left = , Vorrat { $left }
diagram-bridges-left = Brücken im Vorrat: { $left }

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
    [0] keine Steine mehr
    [one] nur noch einen Stein
   *[other] nur noch { $left } Steine
} und kannst daher keine zwei setzen
illegal-group-too-large = das ergäbe bei { $cell } eine Gruppe aus { $size } Steinen; eine Gruppe darf höchstens 4 Steine haben
illegal-island-touches-diagonally = die Insel { $island } würde deinen Stein auf { $tile } diagonal berühren
illegal-not-your-tile = auf { $cell } liegt kein { $color ->
    [white] weißer
   *[red] roter
} Stein, der eine Brücke tragen könnte
illegal-not-a-bridge = zwischen { $a } und { $b } passt keine Brücke: Eine Brücke verbindet zwei Steine mit genau einem Feld dazwischen (in einer Reihe, Spalte oder Diagonale) oder im Rösselsprung
illegal-already-bridged = der Stein auf { $cell } trägt schon die Brücke { $bridge }
illegal-over-tile = die Brücke { $bridge } würde über den { $owner ->
    [white] weißen
   *[red] roten
} Stein auf { $cell } führen
illegal-crossing = die Brücke { $bridge } würde die Brücke { $other } kreuzen
illegal-no-bridges-left = es ist keine Brücke mehr übrig: Alle { $pool } sind verbaut
illegal-swap-not-now = Tauschen ist nur als zweiter Zug erlaubt, direkt nach den ersten beiden weißen Steinen
illegal-may-not-pass = du kannst noch zwei Steine setzen (zum Beispiel { $a } { $b }), also darfst du nicht passen

## Die Bildunterschrift des Spielplans

caption-title = Partie #{ $id }
caption-bridges-left = noch { $left } von { $pool } Brücken
caption-bridges-unlimited = Brücken unbegrenzt
caption-tiles-each = je { $n } Steine
caption-tiles-unlimited = Steine unbegrenzt
caption-tiles-left = { $n ->
    [one] noch { $n } Stein
   *[other] noch { $n } Steine
}
player-color = { $name } ({ $color })
caption-game-over = Partie vorbei: { $ending }
caption-game-over-plain = Partie vorbei
caption-move = Zug { $number }: { $move }
caption-to-move-pie = { $who } am Zug: tauschen oder zwei rote Steine setzen
caption-last-turn = { $who } hat den letzten Zug
caption-to-move = { $who } am Zug
plot-title = Rating von { $name }
plot-caption = { $games ->
    [one] zu Beginn, dann nach { $games } gewerteten Partie
   *[other] zu Beginn, dann nach jeder der { $games } gewerteten Partien
}
plot-no-games = Noch keine gewerteten Partien.

## Partien: Bedenkzeit und Ergebnisse

move-time-none = ohne Zeitlimit
move-time-days = { $n ->
    [one] { $n } Tag pro Zug
   *[other] { $n } Tage pro Zug
}
move-time-hours = { $n ->
    [one] { $n } Stunde pro Zug
   *[other] { $n } Stunden pro Zug
}
move-time-minutes = { $n ->
    [one] { $n } Minute pro Zug
   *[other] { $n } Minuten pro Zug
}
result-aborted = die Partie wurde abgebrochen: kein Ergebnis
result-resignation = { $winner } gewinnt durch Aufgabe
result-timeout = { $winner } gewinnt auf Zeit: { $loser } hat die Bedenkzeit überschritten
result-islands = { $winner } gewinnt bei Punktgleichstand ({ $points }–{ $points }) durch mehr Inseln ({ $ours }–{ $theirs })
result-bridges = { $winner } gewinnt bei Gleichstand an Punkten und Inseln durch mehr Brücken ({ $ours }–{ $theirs })
result-points = { $winner } gewinnt nach Punkten ({ $ours }–{ $theirs })
result-draw = unentschieden: Punkte, Inseln und Brücken gleich ({ $white }–{ $red })
result-end-last-turn = { $white } hat gepasst, also hatte { $red } den letzten Zug ({ $move }); dann wurde die Partie gewertet
result-end-red-passed = { $red } hat gepasst, und das beendet die Partie sofort: gewertet wurde, wie sie stand

## Was der Dienst ablehnt

error-unknown-game = es gibt keine Partie #{ $id }
error-unknown-challenge = es gibt keine Herausforderung #{ $id }
error-not-your-game = du spielst nicht in Partie #{ $id } mit
error-not-your-turn = du bist nicht am Zug: { $name } ist dran
error-game-over = Partie #{ $id } ist vorbei
error-position-changed = die Stellung hat sich geändert, bevor dein Zug ankam: Sieh dir den neuen Spielplan an und versuche es noch einmal
error-not-a-move = „{ $text }“ ist kein Zug: Schreibe zwei Felder zum Setzen (c3 e5), zwei Felder mit Bindestrich für eine Brücke (c3-e4), swap, pass oder resign
error-self-challenge = du kannst dich nicht selbst herausfordern
error-move-time-out-of-range = die Bedenkzeit pro Zug muss zwischen 1 Minute und 30 Tagen liegen
error-own-challenge = du kannst deine eigene Herausforderung nicht annehmen
error-not-for-you = diese Herausforderung richtet sich an { $name }
error-not-your-challenge = nur { $name } kann diese Herausforderung zurückziehen
error-open-challenge-decline = eine offene Herausforderung kann man nicht ablehnen; lass sie einfach stehen, sie läuft von selbst ab
error-challenge-expired = diese Herausforderung ist abgelaufen
error-challenge-closed = { $status ->
    [accepted] diese Herausforderung wurde schon angenommen
    [declined] diese Herausforderung wurde schon abgelehnt
    [cancelled] diese Herausforderung wurde schon zurückgezogen
    [expired] diese Herausforderung ist schon abgelaufen
   *[open] diese Herausforderung ist noch offen
}
error-no-game-here = hier hast du keine Partie
error-time-ran-out = die Bedenkzeit für diesen Zug ist abgelaufen: Partie #{ $id } ist auf Zeit verloren
error-too-late-to-abort = eine Partie kann nur vor dem ersten Zug von Rot abgebrochen werden; danach bleibt nur Aufgeben
error-not-your-abort = nur die beiden Spieler oder Mitglieder, die diesen Server verwalten dürfen, können Partie #{ $id } abbrechen
error-not-your-rematch = eine Revanche gibt es nur für die beiden Spieler von Partie #{ $id }
error-not-over = Partie #{ $id } ist noch nicht vorbei
error-no-server = Ranglisten gibt es nur auf einem Server
error-which-game = du hast hier mehrere Partien: Gib an, welche du meinst ({ $games })
error-damaged = Partie #{ $id } ist beschädigt (ihre gespeicherten Züge: { $reason }), daher kann in ihr nichts mehr gespeichert werden
error-store = Entschuldigung, das konnte ich nicht lesen oder speichern (ein Problem auf meiner Seite): Es wurde nichts geändert. Bitte versuche es gleich noch einmal.
error-unexpected = Entschuldigung, bei mir ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.

## Discord: Herausforderungen und Partien gegen den Bot

challenge-anyone = alle
challenge-opener-challenger = Die herausfordernde Seite
challenge-opener-other = Die andere Seite
challenge-text = { $who } fordert { $whom } zu einer { $rated ->
    [yes] gewerteten
   *[no] ungewerteten
} Partie Ponte del Diavolo heraus ({ $terms }). { $opener } beginnt mit den ersten beiden weißen Steinen; danach behält das Gegenüber Rot oder tauscht. Die Herausforderung läuft { $expires } ab.
challenge-accepted = { $name } hat angenommen: Partie #{ $id } – { $white } (Weiß) gegen { $red } (Rot).
challenge-closed = Die Herausforderung von { $challenger } wurde von { $name } { $status ->
    [declined] abgelehnt
   *[cancelled] zurückgezogen
}.
challenge-expired = Die Herausforderung von { $challenger } ist abgelaufen.
challenge-other-bot = andere Bots können nicht mitspielen; fordere einen Menschen heraus – oder mich
challenge-bot-options = `stufe` und `erster` gelten nur für Partien gegen mich: Wähle mich als `gegner`
challenge-bot-rated = Partien gegen mich werden nie gewertet: Lass `gewertet` weg
ai-game-text = { $human } spielt gegen { $bot } ({ $level }) eine ungewertete Partie Ponte del Diavolo ({ $terms }). { $opener } beginnt mit den ersten beiden weißen Steinen; danach behält das Gegenüber Rot oder tauscht. Die Partie geht in ihrem Thread weiter.
ai-game-not-started = Die Partie konnte nicht beginnen: { $reason }
level = { $level ->
    [easy] leicht
    [medium] mittel
   *[hard] schwer
}
rematch-no-channel = diese Partie hat keinen Kanal für eine Revanche
rematch-offered = Revanche in { $channel } angeboten (Herausforderung #{ $id }).
rematch-started = Revanche: Partie #{ $id } beginnt in { $thread }.

## Discord: Knöpfe

button-accept = Annehmen
button-decline = Ablehnen
button-cancel = Zurückziehen
button-rematch = Revanche
button-export = Exportieren
button-swap = Tauschen – Weiß übernehmen
button-keep = Rot behalten
button-resign = Ja, Partie #{ $id } aufgeben
button-stale = dieser Knopf gilt nicht mehr
pie-kept = Du behältst Rot: Setze deine beiden roten Steine mit `/setzen`.

## Discord: Züge und Spielpläne

game-number = Partie #{ $id }
played-place = { $who } hat `{ $cells }` gesetzt.
played-bridge = { $who } hat die Brücke `{ $bridge }` gebaut.
played-swap = { $who } hat getauscht und spielt jetzt Weiß.
played-forced-pass = { $who } kann weder zwei Steine setzen noch eine Brücke bauen und passt deshalb automatisch.
played-pass = { $who } hat gepasst.
played-resign = { $who } hat aufgegeben.
turn-ai-thinking = { $name } ({ $level }) denkt nach ({ $color })…
turn-deadline = (Bedenkzeit endet { $at })
turn-open = { $who }, du beginnst: Setze die ersten beiden weißen Steine mit `/setzen`.
turn-pie = { $who }, du hast die Wahl: **Tauschen**, um die weißen Steine zu übernehmen, oder **Rot behalten** und mit `/setzen` zwei rote Steine setzen.
turn-last = { $who }, Weiß hat gepasst: Das ist dein letzter Zug ({ $color }).
turn-yours = { $who }, du bist am Zug ({ $color }).
board-headline = Partie #{ $id }: { $white } (Weiß) gegen { $red } (Rot), { $over ->
    [yes] beendet nach Zug { $plies }
   *[no] Zug { $number }
}.
networks-none = keine Inseln
game-over = **Partie vorbei:** { $headline }.
move-saved = Gespeichert: Zug { $ply } von Partie #{ $id }. Der Spielplan folgt.
move-saved-elsewhere = Gespeichert: Zug { $ply } von Partie #{ $id }. Der Spielplan folgt in { $channel }.
place-takes-two-cells = /setzen braucht zwei Felder, etwa `c3 d4`{ $elsewhere ->
    [bridge] : Für eine Brücke nimm /brücke
    [pass] : Zum Passen nimm /passen
    [resign] : Zum Aufgeben nimm /aufgeben (mit Rückfrage)
    [swap] : Zum Tauschen nimm /tauschen oder den Knopf „Tauschen“ unter dem Spielplan
   *[none] {""}
}
bridge-takes-two-cells = /brücke braucht zwei Felder, etwa `c3-e4`{ $elsewhere ->
    [place] : Zum Setzen von Steinen nimm /setzen
    [pass] : Zum Passen nimm /passen
    [resign] : Zum Aufgeben nimm /aufgeben (mit Rückfrage)
    [swap] : Zum Tauschen nimm /tauschen oder den Knopf „Tauschen“ unter dem Spielplan
   *[none] {""}
}
resign-confirm = Willst du Partie #{ $id } wirklich aufgeben? Dann gewinnt dein Gegenüber.
game-aborted = Partie #{ $id } ({ $white } gegen { $red }) wurde von { $name } abgebrochen. Sie bleibt ohne Ergebnis und zählt nicht für das Rating. Der Spielplan folgt.
thread-not-opened = (Ich konnte für diese Partie keinen Thread öffnen, deshalb wird sie hier im Kanal gespielt.)
thread-refused = (Ich konnte nicht im Thread der Partie posten, deshalb geht sie hier weiter.)
reminder = ⏰ { $who }, in Partie #{ $id } bleibt dir nur noch ein Viertel deiner Bedenkzeit ({ $color } ist am Zug): Sie endet { $at }.
reminder-dm = Du bist in Partie #{ $id } von Ponte del Diavolo am Zug: Deine Bedenkzeit endet { $at }.
export-record = Die Partienotation von Partie #{ $id }.

## Discord: Listen, Ranglisten und Hilfe

autocomplete-game = #{ $id } gegen { $opponent } ({ $yours ->
    [yes] du bist dran
   *[no] dein Gegenüber ist dran
})
games-none = Du hast keine laufenden Partien. Starte eine mit `/herausfordern`.
games-your-turn = **du bist dran**
games-their-turn = { $name } ist dran
games-over = vorbei
games-line = #{ $id }: du ({ $color }) gegen { $opponent }, Zug { $number }, { $turn }
games-deadline = Bedenkzeit endet { $at }
notify-on = Ich schicke dir eine Direktnachricht, wenn von deiner Bedenkzeit für einen Zug nur noch ein Viertel übrig ist.
notify-off = Keine Direktnachrichten mehr; Erinnerungen erscheinen weiterhin im Thread der Partie.
notify-digest = Jeden Tag um { $hour } ({ $zone }) schicke ich dir eine Direktnachricht mit den Partien, in denen du am Zug bist, und nichts an einem Tag, an dem keine wartet. Erinnerungen erscheinen weiterhin in den Threads der Partien.
digest-header = { $count ->
    [one] Deine tägliche Übersicht: 1 Partie wartet auf deinen Zug.
   *[other] Deine tägliche Übersicht: { $count } Partien warten auf deinen Zug.
}
digest-line = #{ $id } gegen { $opponent }, Zug { $number }
error-unknown-time-zone = „{ $name }“ ist keine Zeitzone: Wähle eine aus der Liste, z. B. Europe/Berlin.
error-digest-needs-zone = Nenn mir deine Zeitzone (die Option `zeitzone`, z. B. Europe/Berlin): Discord verrät sie mir nicht.
error-digest-hour = Die Stunde der Übersicht ist 0 bis 23.
rating-line = { $rating } ± { $deviation }{ $provisional ->
    [yes] {" "}(vorläufig)
   *[no] {""}
} · { $wins }–{ $losses }–{ $draws } in { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}
leaderboard-empty = Auf diesem Server gibt es noch keine gewerteten Partien. Fordere jemanden mit `/herausfordern` heraus!
leaderboard-title = **Rangliste** (Seite { $page } von { $pages }; S–N–U; vorläufige Ratings stehen hinter den festen)
leaderboard-you = Du: { $line }
leaderboard-you-unrated = Du hast hier noch keine gewertete Partie.
stats-rank = Platz { $rank } · { $rating }
stats-unrated = Noch keine gewertete Partie auf diesem Server.
stats-streak = Aktuelle Serie: { $kind ->
    [win] { $n ->
        [one] { $n } Sieg
       *[other] { $n } Siege
    }
    [loss] { $n ->
        [one] { $n } Niederlage
       *[other] { $n } Niederlagen
    }
   *[draw] { $n ->
        [one] { $n } Unentschieden
       *[other] { $n } Unentschieden
    }
}
stats-game = #{ $id } gegen { $opponent }: { $outcome ->
    [won] gewonnen
    [lost] verloren
   *[draw] unentschieden
}{ $rated ->
    [yes] {""}
   *[no] {" "}(ungewertet)
}
stats-against-ai = Gegen mich (Siege–Niederlagen–Unentschieden, ungewertet): { $records }
settings-language-chosen = Ab jetzt poste ich auf diesem Server auf { $language }.
settings-language-server = Ab jetzt poste ich in der Sprache dieses Servers ({ $language }), wie Discord sie angibt.
guild-only = Partien werden in einem Kanal eines Servers gespielt, nicht in Direktnachrichten.
managers-only = Nur wer diesen Server verwalten darf, kann seine Einstellungen ändern.
argument-unreadable = Ich konnte „{ $input }“ nicht lesen: { $error }
argument-missing = Da fehlt etwas: { $error }
rules-picture-title = Inseln und Brücken
rules-white = Weiß
rules-red = Rot
rules-text = **Ponte del Diavolo** – baue Inseln und verbinde sie mit Brücken.
    • **Beginn:** Eine Seite setzt zwei weiße Steine: wer herausfordert (gegen mich, wie `erster` es sagt; bei einer Revanche, wer verloren hat, nach einem Unentschieden, wer nicht begonnen hat; im Turnier, wie die Paarung es sagt). Die andere Seite tauscht dann (übernimmt Weiß) oder behält Rot und setzt zwei rote Steine. Danach ziehen Rot und Weiß abwechselnd.
    • **Ein Zug:** Setze zwei Steine deiner Farbe auf freie Felder (`/setzen c3 d4`) oder baue eine Brücke zwischen zwei deiner Steine (`/brücke c3 e4`).
    • **Inseln:** 4 Steine, die sich an den Seiten berühren, bilden eine Insel (ein Block mit ◆ auf dem Spielplan); 1–3 Steine bilden eine Sandbank (einzelne kleinere Quadrate). Eine Gruppe hat nie mehr als 4 Steine, und eine Insel darf keinen anderen Stein ihrer Farbe berühren, auch nicht diagonal.
    • **Brücken:** Eine Brücke verbindet zwei eigene Steine mit genau einem Feld dazwischen (in einer Reihe, Spalte oder Diagonale) oder im Rösselsprung. Die Felder unter einer Brücke bleiben für immer blockiert; Brücken kreuzen sich nie; jeder Stein trägt höchstens eine Brücke.
    • **Ende:** Wer keine zwei Steine mehr setzen kann, darf eine Brücke bauen oder `/passen`. Passt Weiß, hat Rot noch einen letzten Zug; passt Rot, ist die Partie vorbei.
    • **Wertung:** Jede Gruppe von Inseln, die durch Brücken verbunden sind (auch über Sandbänke hinweg), zählt 1, 3, 6, 10, 15 … Punkte für 1, 2, 3, 4, 5 … Inseln. Bei Punktgleichstand entscheiden mehr Inseln, dann mehr Brücken; bleibt es gleich, ist es unentschieden.
help-text = `/herausfordern [gegner] [größe] [vorrat] [bedenkzeit] [gewertet]` – fordere jemanden oder alle heraus; die Partie bekommt einen eigenen Thread (gewertet, sofern du nichts anderes angibst). Wähle mich als `gegner` (dazu `stufe` leicht, mittel oder schwer und `erster`), um sofort ungewertet gegen mich zu spielen.
    `/setzen c3 d4` – zwei Steine setzen (die Felder werden beim Tippen vorgeschlagen).
    `/brücke c3 e4` – eine Brücke zwischen zwei deiner Steine bauen.
    `/tauschen` – die Kuchenregel: In seinem ersten Zug darf Rot Weiß mit dessen zwei Steinen übernehmen (auch per Knopf „Tauschen“).
    `/passen` – nur, wenn du keine zwei Steine setzen kannst. `/aufgeben` – die Partie aufgeben (mit Rückfrage).
    `/tipp` – gegen den Bot: der Zug, den er für dich spielen würde, und warum (Tipps werden gezählt).
    `/lernen` – die Regeln in acht Lektionen. `/rätsel` – finde den Zug, der den Vorteil hält.
    `/spielplan` – den Spielplan zeigen. `/partien` – deine Partien, wer dran ist, die restliche Bedenkzeit. `/regeln` – die Regeln.
    `/abbrechen` – eine Partie vor Rots erstem Zug abbrechen. `/exportieren` – die Partienotation als Datei.
    `/wiedergabe [partie]` – eine beendete Partie als Animation. `/analyse [partie]` – wo sie gewonnen und verloren wurde, aus Sicht der KI.
    `/rangliste [seite]`, `/statistik [spieler]` – die Ratings dieses Servers. `/benachrichtigen an|aus|tägliche Übersicht` – Erinnerungen per Direktnachricht, oder eine Übersicht am Tag.
    `/urlaub beginnen|beenden|stand` – eine Pause: Deine Uhren stehen still.
    `/einstellungen sprache|turniere|urlaub|rätsel-kanal|seiten` – Sprache, Turnierrechte, Urlaubstage, Rätsel hier, private Webseiten (Verwalter). `/web abmelden` – vom Web-Brett abmelden.
    `/turnier erstellen|starten|stand|paarungen|zurückziehen|absagen` – Turniere auf dem Server (Rundenturnier oder Schweizer System); anmelden per Knopf unter der Anmeldung.
    Im Thread einer Partie gelten die Befehle für diese Partie; anderswo wähle sie mit `partie`. `/hilfe` – diese Liste.

## Discord: die Slash-Befehle

cmd-challenge = herausfordern
    .description = Jemanden, alle oder den Bot selbst zu einer Partie Ponte del Diavolo herausfordern
    .opponent = gegner
    .opponent-description = Gegen wen (auch den Bot selbst; leer lassen für eine offene Herausforderung)
    .size = größe
    .size-description = Größe des Spielplans
    .size-choice-0 = 12×12 (Standard)
    .size-choice-1 = 10×10 (der kleinere Spielplan)
    .supply = vorrat
    .supply-description = Steine und Brücken: wie in der Spielschachtel oder unbegrenzt
    .supply-choice-0 = wie in der Spielschachtel (Standard)
    .supply-choice-1 = unbegrenzt
    .time = bedenkzeit
    .time-description = Bedenkzeit pro Zug
    .time-choice-0 = ohne Zeitlimit
    .time-choice-1 = 1 Stunde
    .time-choice-2 = 1 Tag
    .time-choice-3 = 3 Tage (Standard)
    .time-choice-4 = 7 Tage
    .rated = gewertet
    .rated-description = Ob die Partie für die Ratings des Servers zählt (Standard: ja)
    .level = stufe
    .level-description = Gegen den Bot: wie stark er spielt (Standard: mittel)
    .level-choice-0 = leicht
    .level-choice-1 = mittel
    .level-choice-2 = schwer
    .first = erster
    .first-description = Gegen den Bot: wer beginnt, ich oder der Bot (Standard: ich)
    .first-choice-0 = ich
    .first-choice-1 = der Bot
cmd-place = setzen
    .description = Zwei Steine setzen, z. B. c3 d4
    .first = erstes
    .first-description = Erstes Feld, z. B. c3 (oder beide Felder: c3 d4)
    .second = zweites
    .second-description = Zweites Feld, z. B. d4
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-bridge = brücke
    .description = Eine Brücke zwischen zwei deiner Steine bauen, z. B. c3 e4
    .from = von
    .from-description = Ein Ende: einer deiner Steine, z. B. c3 (oder beide: c3-e4)
    .to = nach
    .to-description = Das andere Ende, z. B. e4
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-pass = passen
    .description = Passen: nur, wenn du keine zwei Steine setzen kannst
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-resign = aufgeben
    .description = Eine Partie aufgeben (mit Rückfrage)
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-board = spielplan
    .description = Den Spielplan einer Partie zeigen
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-games = partien
    .description = Deine laufenden Partien und wer am Zug ist
cmd-abort = abbrechen
    .description = Eine Partie vor dem ersten Zug von Rot abbrechen (Verwalter: jede); ohne Ergebnis und Wertung
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-notify = benachrichtigen
    .description = Wie du per Direktnachricht von Partien hörst: Erinnerungen, tägliche Übersicht oder nichts
    .reminders = erinnerungen
    .reminders-description = Erinnerungen per Direktnachricht an oder aus
    .reminders-choice-0 = an
    .reminders-choice-1 = aus
    .reminders-choice-2 = tägliche Übersicht
    .hour = stunde
    .hour-description = Die Stunde der Übersicht in deiner Zeitzone, 0 bis 23 (Standard 8)
    .zone = zeitzone
    .zone-description = Deine Zeitzone, z. B. Europe/Berlin (für die Übersicht nötig)
cmd-leaderboard = rangliste
    .description = Die Ratings dieses Servers
    .page = seite
    .page-description = Seite (10 Spieler pro Seite)
cmd-stats = statistik
    .description = Rating, Bilanz, Serie, letzte Partien und Rating-Verlauf eines Spielers
    .player = spieler
    .player-description = Wessen Statistik (Standard: deine)
cmd-export = exportieren
    .description = Die Partienotation (für `ponte replay`) als Datei
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)
cmd-rules = regeln
    .description = Eine kurze Zusammenfassung der Regeln, mit einem Beispiel-Spielplan
cmd-help = hilfe
    .description = Wie man mit diesem Bot spielt
cmd-settings = einstellungen
    .description = Die Einstellungen des Servers (nur für Verwalter)
cmd-settings-language = sprache
    .description = Die Sprache der Posts des Bots auf diesem Server
    .language = sprache
    .language-description = English, Deutsch, Français oder die Sprache des Servers laut Discord
    .language-choice-0 = die Sprache des Servers
    .language-choice-1 = English
    .language-choice-2 = Deutsch
    .language-choice-3 = Français

## Das Terminal (ponte local). Die Befehle selbst bleiben englische Wörter.

local-welcome = ponte local: du spielst als { $name } (`as NAME` spielt als jemand anderes).
    Neu im Spiel? Tippe `learn`: { $lessons } kurze Lektionen bringen es dir bei. `puzzle` gibt dir eine Stellung zum Lösen, `help` zeigt alle Befehle.
local-help =
    Befehle (jedem kann `as NAME` vorangestellt werden, um als dieser Spieler zu handeln):
      play NAME NAME [size N] [unlimited]   sofort eine Partie beginnen (der erste Name beginnt als Weiß);
                                            ein Name kann der Bot sein: ai:easy, ai:medium oder ai:hard
      challenge NAME|open [size N] [unlimited] [time TAGE]
      accept [#ID]  decline [#ID]  cancel [#ID]
      place c3 d4   bridge c3-e4   swap   pass   resign (dann yes)   (oder einfach den Zug tippen: c3 d4)
      board   games   game #ID   record   replay [#ID]   analyse [#ID]   rules   help   quit
      vacation NAME TAGE   back NAME   (ein Spieler im Urlaub: seine Uhren stehen still)
      rematch [#ID]   eine beendete Partie noch einmal, wer verloren hat, beginnt
      hint   gegen den Bot: der Zug, den er für dich spielen würde, und warum (Tipps werden gezählt)
    Züge macht, wer in der aktuellen Partie am Zug ist, sofern `as NAME` nichts anderes sagt
    das Brett: w W weiße Steine (W: in einer Insel), r R rote, ─ │ ╱ ╲ eine Brücke über Feldern, auf die kein Stein darf,
      {"["}w] die Steine des letzten Zugs; rules zeigt die Regeln kurz
local-unknown-command = „{ $word }“ ist kein Befehl (help zeigt alle){ $nearest ->
    [none] {""}
   *[other] : meintest du { $nearest }?
}
local-you-are = du bist jetzt { $name }
local-error = Fehler: { $error }
local-news-result = Partie #{ $id }: { $result }
local-news-reminder = Partie #{ $id }: { $name }, nur noch ein Viertel deiner Bedenkzeit ist übrig
local-news-expired = Herausforderung #{ $id } ist abgelaufen
local-say-who = `as` braucht einen Namen: `as NAME`, allein oder vor einem Befehl
local-usage-play = Verwendung: play NAME NAME [size N] [unlimited]
local-bot-itself = der Bot kann nicht gegen sich selbst spielen
local-usage-challenge = Verwendung: challenge NAME|open [size N] [unlimited] [time TAGE]
# $command ist accept, decline oder cancel.
local-nothing-to-answer = { $name } hat keine Herausforderung zum { $command ->
    [accept] Annehmen
    [decline] Ablehnen
    [cancel] Zurückziehen
   *[other] Beantworten
}
local-declined = Herausforderung #{ $id } abgelehnt
local-cancelled = Herausforderung #{ $id } zurückgezogen
local-no-current = keine aktuelle Partie: `play NAME NAME`, `accept` oder `game #ID`
local-no-current-open = keine aktuelle Partie: `game #ID` nimmt eine dieser Partien auf
local-no-games = { $name } hat keine laufenden Partien
local-your-turn = du bist dran
local-games-line = #{ $id }: { $white } gegen { $red }, Zug { $number }, { $turn }
local-usage-game = Verwendung: game #ID
local-usage-vacation = Verwendung: vacation NAME TAGE
local-usage-back = Verwendung: back NAME
local-vacation = { $name } ist bis { $until } im Urlaub: Die Uhren der Partien stehen still (noch { $left } Tage dieses Jahr)
local-back = { $name } ist zurück: Die Uhren laufen wieder (noch { $left } Tage dieses Jahr)
local-not-an-id = „{ $word }“ ist keine Nummer wie #3
local-size-needs-number = size braucht eine Zahl von 6 bis 16
local-time-range = time ist die Zahl der Tage pro Zug, von einer Minute (0.0007) bis { $days }
local-unknown-option = unbekannte Option „{ $option }“
local-challenge = Herausforderung #{ $id }: { $challenger } fordert { $whom } heraus ({ $variant }); annehmen mit `as NAME accept`
local-started = Partie #{ $id } beginnt: { $white } setzt die ersten beiden weißen Steine, dann behält { $red } Rot oder tauscht ({ $variant })
local-played-swap = { $who } tauscht und übernimmt Weiß
local-played-forced-pass = { $who } kann weder zwei Steine setzen noch eine Brücke bauen und passt
local-played-pass = { $who } passt
local-played-resign = { $who } gibt auf
local-played = { $who } spielt { $move }
local-saved = gespeichert: Zug { $ply } von Partie #{ $id }
local-players = Partie #{ $id }: { $white } spielt Weiß, { $red } spielt Rot
local-game-over = Partie vorbei: { $result }
local-to-move = { $who } ist am Zug
local-to-move-pie = { $who } ist am Zug (swap, um zu tauschen und Weiß zu übernehmen, oder zwei rote Steine setzen)
local-bot-to-move = { $name } ist am Zug und spielt seine Züge selbst: warte darauf, oder nenne, wer zieht (as NAME …)
local-ai-later = { $error }: dein Zug ist gespeichert; der Bot antwortet in Partie #{ $id } vor deinem nächsten Befehl
local-picture = Bild: { $path }
local-no-picture = (kein Bild: { $error })
local-picture-failed = ({ $path } konnte nicht geschrieben werden: { $error })

## Turniere

error-unknown-tournament = es gibt kein Turnier #{ $id }
error-tournament-name = ein Turnier braucht einen Namen mit höchstens 80 Zeichen
error-swiss-rounds = ein Schweizer-System-Turnier hat 1 bis { $most } Runden
error-signup-closed = die Anmeldung für Turnier #{ $id } ist geschlossen
error-already-entered = du bist schon in Turnier #{ $id } angemeldet
error-not-entered = du bist nicht in Turnier #{ $id } angemeldet
error-not-organiser = nur die Turnierleitung oder wer diesen Server verwalten darf, kann das in Turnier #{ $id } tun
error-too-few-entrants = Turnier #{ $id } braucht mindestens zwei Teilnehmende, um zu beginnen
error-tournament-over = Turnier #{ $id } ist vorbei
crosstable-rank = #
crosstable-player = Spieler
crosstable-round = R{ $n }
crosstable-points = Pkt.
crosstable-bye = spielfrei
tiebreak-sonneborn-berger = SB
tiebreak-buchholz = Buchholz
tiebreak-buchholz-cut1 = BH−1
tiebreak-direct = Direkt
tiebreak-board-points = Brett
tournament-game-anchor = Turnier #{ $tournament }, Runde { $round }: { $white } – { $red } (Partie #{ $id })
tournament-format-round-robin = { $double ->
    [yes] doppeltes Rundenturnier
   *[no] Rundenturnier
}
tournament-format-swiss = { $rounds ->
    [one] Schweizer System, { $rounds } Runde
   *[other] Schweizer System, { $rounds } Runden
}
tournament-signup = **{ $name }** (Turnier #{ $id }): { $format }, { $terms }, { $rated ->
    [yes] gewertet
   *[no] ungewertet
}.
tournament-signup-until = Die Anmeldung schließt { $at }: Drück **Mitspielen**, um dabei zu sein.
tournament-signup-by-hand = Die Anmeldung ist offen, bis die Turnierleitung das Turnier startet: Drück **Mitspielen**, um dabei zu sein.
tournament-signup-closed = Die Anmeldung ist geschlossen.
tournament-cancelled = Das Turnier wurde abgesagt.
tournament-entrants = { $count ->
    [0] Noch keine Anmeldungen.
   *[other] Angemeldet ({ $count }): { $names }
}
button-join = Mitspielen
button-leave = Abmelden
tournament-started = **{ $name }** (Turnier #{ $id }) hat begonnen: Jede Partie hat ihren eigenen Thread.
tournament-round = **Runde { $round } von { $rounds }**
tournament-pairing = Partie #{ $id }: { $opener } beginnt gegen { $other }
tournament-game-start = { $white } und { $red }: Die Partie der Runde { $round } von Turnier #{ $id } beginnt hier.
tournament-bye = { $name } { $swiss ->
    [yes] ist spielfrei (ein Punkt)
   *[no] setzt in dieser Runde aus
}
tournament-standings = **{ $name }**, Stand { $stage ->
    [after] nach Runde { $round } von { $rounds }
    [during] während Runde { $round } von { $rounds }
   *[games] nach { $played } von { $games } Partien
}:
tournament-standing = { $rank }. { $name } – { $points }{ $withdrawn ->
    [yes] {" "}(zurückgezogen)
   *[no] {""}
}
tournament-winner = 🏆 { $name } gewinnt das Turnier!
tournament-withdrawn = { $name } hat sich von **{ $tournament }** (Turnier #{ $id }) zurückgezogen; die restlichen Partien gelten als verloren.
cmd-tournament = turnier
    .description = Turniere auf dem Server: Rundenturnier und Schweizer System, per Fernpartie
cmd-tournament-create = erstellen
    .description = Die Anmeldung für ein Turnier öffnen (Verwaltung)
    .name = name
    .name-description = Der Name des Turniers
    .format = modus
    .format-description = Rundenturnier (alle gegen alle) oder Schweizer System
    .format-choice-0 = Rundenturnier
    .format-choice-1 = doppeltes Rundenturnier
    .format-choice-2 = Schweizer System
    .rounds = runden
    .rounds-description = Schweizer System: wie viele Runden (Standard: 5)
    .size = größe
    .size-description = Größe des Spielplans
    .size-choice-0 = 12×12 (Standard)
    .size-choice-1 = 10×10 (der kleinere Spielplan)
    .supply = vorrat
    .supply-description = Steine und Brücken: wie in der Schachtel oder unbegrenzt
    .supply-choice-0 = wie in der Schachtel (Standard)
    .supply-choice-1 = unbegrenzt
    .time = bedenkzeit
    .time-description = Bedenkzeit pro Zug
    .time-choice-0 = ohne Limit
    .time-choice-1 = 1 Stunde
    .time-choice-2 = 1 Tag
    .time-choice-3 = 3 Tage (Standard)
    .time-choice-4 = 7 Tage
    .rated = gewertet
    .rated-description = Ob die Partien für die Ratings des Servers zählen (Standard: ja)
    .signup = anmeldung
    .signup-description = Wie lange die Anmeldung offen ist (Standard: bis zum Start von Hand)
    .signup-choice-0 = bis zum Start von Hand
    .signup-choice-1 = 1 Tag
    .signup-choice-2 = 3 Tage
    .signup-choice-3 = 7 Tage
    .vacations = urlaub
    .vacations-description = Ob eine Partie stillsteht, während ihr Spieler am Zug im Urlaub ist (Standard: nein)
cmd-tournament-start = starten
    .description = Die Anmeldung schließen und das Turnier starten (Turnierleitung oder Verwaltung)
    .tournament = turnier
    .tournament-description = Welches Turnier
cmd-tournament-standings = stand
    .description = Der Stand und die Kreuztabelle
    .tournament = turnier
    .tournament-description = Welches Turnier
cmd-tournament-pairings = paarungen
    .description = Die Partien einer Runde
    .tournament = turnier
    .tournament-description = Welches Turnier
    .round = runde
    .round-description = Welche Runde (Standard: die aktuelle)
cmd-tournament-withdraw = zurückziehen
    .description = Sich zurückziehen (Turnierleitung: jemanden entfernen); restliche Partien gelten als verloren
    .tournament = turnier
    .tournament-description = Welches Turnier
    .player = spieler
    .player-description = Wer sich zurückzieht (Standard: du)
cmd-tournament-cancel = absagen
    .description = Ein Turnier absagen (Turnierleitung oder Verwaltung); offene Partien werden abgebrochen
    .tournament = turnier
    .tournament-description = Welches Turnier
tournament-start-saved = Turnier #{ $id } hat begonnen: Die Paarungen folgen im Kanal.
error-managers-create-tournaments = auf diesem Server erstellen nur Mitglieder, die ihn verwalten dürfen, Turniere
settings-tournament-creators = { $members ->
    [yes] Ab jetzt kann jedes Mitglied auf diesem Server Turniere erstellen.
   *[no] Ab jetzt erstellen nur Mitglieder, die diesen Server verwalten dürfen, Turniere.
}
cmd-settings-tournaments = turniere
    .description = Wer auf diesem Server Turniere erstellen darf
    .creators = erstellen
    .creators-description = Mitglieder, die den Server verwalten, oder alle Mitglieder
    .creators-choice-0 = Verwaltung
    .creators-choice-1 = alle Mitglieder
cmd-settings-vacations = urlaub
    .description = Wie viele Urlaubstage jeder Spieler auf diesem Server im Jahr hat (0: keine)
    .days = tage
    .days-description = Tage im Jahr, 0 bis 365 (Standard 30)
settings-vacation-days = { $days ->
    [0] Urlaub ist auf diesem Server ab jetzt ausgeschaltet.
    [one] Ab jetzt hat jeder Spieler auf diesem Server 1 Urlaubstag im Jahr.
   *[other] Ab jetzt hat jeder Spieler auf diesem Server { $days } Urlaubstage im Jahr.
}
cmd-vacation = urlaub
    .description = Eine Pause von den Partien dieses Servers: Deine Uhren stehen still
cmd-vacation-start = beginnen
    .description = Für ganze Tage in Urlaub gehen: Deine Uhren stehen still, keine Erinnerungen
    .days = tage
    .days-description = Wie viele Tage (ein angefangener Tag zählt ganz)
cmd-vacation-end = beenden
    .description = Früher zurückkommen: Deine Uhren laufen wieder, nicht angefangene Tage kommen zurück
cmd-vacation-status = stand
    .description = Ob du im Urlaub bist, und wie viele Urlaubstage du dieses Jahr noch hast
vacation-started = Du bist bis { $until } im Urlaub: In deinen Partien hier, in denen du am Zug bist, steht die Uhr still, und du bekommst keine Erinnerungen. { $left ->
    [one] Noch 1 Tag dieses Jahr.
   *[other] Noch { $left } Tage dieses Jahr.
}
vacation-ended = Willkommen zurück: Deine Uhren laufen wieder, jede mit der Zeit, die sie noch hatte. { $left ->
    [one] Noch 1 Urlaubstag dieses Jahr.
   *[other] Noch { $left } Urlaubstage dieses Jahr.
}
vacation-status = Du bist nicht im Urlaub; noch { $left } von { $allowance } Tagen dieses Jahr.
vacation-status-away = Du bist bis { $until } im Urlaub; noch { $left } von { $allowance } Tagen dieses Jahr.
away-until = { $name } ist bis { $until } im Urlaub: Die Uhr steht still.
error-tournament-game-abort = Partie #{ $id } ist eine Turnierpartie: Gib sie auf oder zieh dich aus dem Turnier zurück
tournament-cancelled-post = **{ $name }** (Turnier #{ $id }) wurde abgesagt; unbeendete Partien wurden abgebrochen.
tournament-cancel-saved = Turnier #{ $id } ist abgesagt.

## Nach der Partie: Wiedergaben und Analysen

autocomplete-finished-game = #{ $id } gegen { $opponent }
button-replay = Wiedergabe
replay-posted = Die Wiedergabe von Partie #{ $id }: { $white } gegen { $red }.
cmd-replay = wiedergabe
    .description = Eine animierte Wiedergabe einer Partie (Standard: die dieses Threads, sonst deine letzte)
    .game = partie
    .game-description = Welche Partie (Standard: die dieses Threads, sonst deine letzte beendete)
button-analyse = Analyse
cmd-analyse = analyse
    .description = Wo eine beendete Partie gewonnen und verloren wurde, aus Sicht der KI
    .game = partie
    .game-description = Welche Partie (Standard: die dieses Threads, sonst deine letzte beendete)
error-aborted-analysis = Partie #{ $id } wurde abgebrochen: Es gibt nichts zu analysieren.
error-vacations-off = Urlaub ist auf diesem Server ausgeschaltet.
error-already-away = Du bist schon bis { $until } im Urlaub: `/vacation end` holt dich zurück.
error-vacation-days = { $left ->
    [0] Du hast dieses Jahr keine Urlaubstage mehr.
    [one] Du hast dieses Jahr noch 1 Urlaubstag: Nimm 1.
   *[other] Nimm 1 bis { $left } Tage: So viele hast du dieses Jahr noch.
}
error-not-away = Du bist nicht im Urlaub.
error-vacation-allowance = Ein Server gibt 0 bis { $most } Urlaubstage im Jahr.
analysis-started = Partie #{ $id } wird analysiert: Die KI betrachtet jede ihrer { $positions } Stellungen. Das Ergebnis erscheint hier, sobald es fertig ist.
analysis-running = Die KI analysiert Partie #{ $id } bereits; das Ergebnis erscheint auch hier.
analysis-failed = Die Analyse von Partie #{ $id } ist fehlgeschlagen. Frag später noch einmal danach.
analysis-heading = Die Züge, die die Partie am meisten verändert haben, aus Sicht der KI:
analysis-moment = Zug { $number }, { $who } spielte { $played }: Die Chancen von Weiß { $fell ->
    [yes] fielen
   *[no] stiegen
} von { $before } % auf { $after } %; die KI bevorzugte { $preferred }.
analysis-steady = Kein Zug hat die Gewinnchancen um mehr als { $points } % verändert: eine ruhige Partie.
analysis-title = Partie #{ $id }
    { $white } (Weiß) gegen { $red } (Rot)
analysis-caption = Die Gewinnchancen von Weiß Zug für Zug ({ $playouts } Playouts je Stellung)
local-no-pictures = Wiedergaben werden neben die Bilder geschrieben: starte ohne --no-pictures
analyse-cli-start = Anfang
analyse-cli-white = Weiß { $percent } %

## Progress bars on a terminal (ponte local's analyse, ponte analyse and gif): $done is the
## count (12/83) and $left the time left (20s), both filled in by the bar as it moves.

progress-positions = { $done } Stellungen bewertet, noch { $left }
progress-frames = { $done } Bilder gezeichnet, noch { $left }

## /tauschen: die Wahl der Kuchenregel als Befehl.

cmd-swap = tauschen
    .description = Tauschen: Weiß mit seinen ersten zwei Steinen übernehmen (nur im ersten Zug von Rot)
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)

## Analysen: wer einen Wendepunkt spielte, wenn die Partie keine Spieler hat (eine Notation): seine Farbe.

analysis-color = { $color ->
    [white] Weiß
   *[red] Rot
}

## The terminal (ponte local): the kind of move a verb names, the last turn, the clock, the
## board's colours and the game resumed at start.

# $elsewhere is the kind of move that was typed instead: bridge, place, pass, resign, swap or none.
local-verb-place = `place` braucht zwei Felder für zwei Steine, etwa `place c3 d4`{ $elsewhere ->
    [bridge] : Für die Brücke { $move } tippe `bridge { $move }`
    [pass] : Zum Passen tippe `pass`
    [resign] : Zum Aufgeben tippe `resign`
    [swap] : Zum Tauschen tippe `swap`
   *[none] {""}
}
local-verb-bridge = `bridge` braucht die beiden Enden einer Brücke, etwa `bridge c3-e4` oder `bridge c3 e4`{ $elsewhere ->
    [place] : Um zwei Steine auf { $move } zu setzen, tippe `place { $move }`
    [pass] : Zum Passen tippe `pass`
    [resign] : Zum Aufgeben tippe `resign`
    [swap] : Zum Tauschen tippe `swap`
   *[none] {""}
}
local-to-move-last = { $who } ist am Zug: Weiß hat gepasst, das ist der letzte Zug
local-cannot-place-two = { $reason }: Es passen keine zwei Steine mehr auf den Plan, also baue eine Brücke oder tippe `pass`
local-already-away = { $name } ist schon bis { $until } im Urlaub: `back { $name }` holt { $name } zurück
local-vacation-days = { $left ->
    [0] { $name } hat dieses Jahr keine Urlaubstage mehr
    [one] { $name } hat dieses Jahr noch 1 Urlaubstag: nimm 1
   *[other] nimm 1 bis { $left } Tage: So viele hat { $name } dieses Jahr noch
}
local-not-away = { $name } ist nicht im Urlaub
local-rules = Ponte del Diavolo – baue Inseln und verbinde sie mit Brücken.
    • Beginn: Eine Seite setzt zwei weiße Steine: bei `play A B` A; gegen den Bot, wer zuerst genannt ist (`play ai:easy alice`: Der Bot beginnt; `play alice ai:easy`: alice beginnt); nach `challenge`, wer herausgefordert hat; bei `rematch`, wer verloren hat (nach einem Unentschieden, wer nicht begonnen hat). Die andere Seite tippt dann `swap` (übernimmt Weiß) oder behält Rot und setzt zwei rote Steine. Danach ziehen Rot und Weiß abwechselnd.
    • Ein Zug: Setze zwei Steine deiner Farbe auf freie Felder (`c3 d4` oder `place c3 d4`) oder baue eine Brücke zwischen zwei deiner Steine (`c3-e4` oder `bridge c3 e4`).
    • Inseln: 4 Steine, die sich an den Seiten berühren, bilden eine Insel (W oder R auf dem Plan); 1–3 Steine bilden eine Sandbank (w oder r). Eine Gruppe hat nie mehr als 4 Steine, und eine Insel darf keinen anderen Stein ihrer Farbe berühren, auch nicht diagonal.
    • Brücken: Eine Brücke verbindet zwei eigene Steine mit genau einem Feld dazwischen (in einer Reihe, Spalte oder Diagonale) oder im Rösselsprung. Die Felder unter einer Brücke (ihre Linie auf dem Plan: ─ │ ╱ ╲) bleiben für immer frei; Brücken kreuzen sich nie; jeder Stein trägt höchstens eine Brücke.
    • Ende: Wer keine zwei Steine mehr setzen kann, darf eine Brücke bauen oder `pass` tippen. Passt Weiß, hat Rot noch einen letzten Zug; passt Rot, ist die Partie vorbei. `resign` gibt auf.
    • Wertung: Jede Gruppe von Inseln, die durch Brücken verbunden sind (auch über Sandbänke hinweg), zählt 1, 3, 6, 10, 15 … Punkte für 1, 2, 3, 4, 5 … Inseln. Bei Punktgleichstand entscheiden mehr Inseln, dann mehr Brücken; bleibt es gleich, ist es unentschieden.
local-clock = die Bedenkzeit endet { $at } (noch { $left })
local-clock-away = { $name } ist bis { $until } im Urlaub: Die Uhr steht still
time-left = { $days ->
    [0] { $hours ->
        [0] { $minutes } Min.
       *[other] { $hours } Std. { $minutes } Min.
    }
   *[other] { $days } T. { $hours } Std.
}
local-resumed = Partie #{ $id } geht weiter, wo sie stand: `board` zeigt sie, `games` listet die anderen
local-resign-ask = Partie #{ $id } als { $who } aufgeben? Tippe `yes` zum Bestätigen; alles andere spielt weiter.
local-resign-kept = nicht aufgegeben: Partie #{ $id } geht weiter
local-resign-not-yours = { $who } kann nicht für { $named } aufgeben: `resign` gibt nur die eigene Seite auf (die des anderen Spielers: `as NAME resign`)
local-ai-thinking = { $name } ({ $level }) denkt nach, höchstens { $seconds } s
local-unknown-player = niemand namens { $name } hat hier gespielt: Urlaub gibt es für Spieler der Partien im Terminal

## Many games wait for the bot: its reply in game $id may take up to $seconds seconds.
slow-reply = ⏳ Viele Partien warten auf mich: Meine Antwort in Partie #{ $id } kann bis zu { $seconds } s dauern.

## Tipps gegen den Bot (/tipp, und hint im Terminal). $move ist der vorgeschlagene Zug (c3 d4,
## c3-e4); $cell und $sandbank sind Felder; $color ist die Farbe des Gegners im Fließtext.
hint-caption = Tipp für Partie #{ $id }
hint-given = 💡 Tipp für Partie #{ $id }: { $why }
    Tipps werden gezählt: Das ist Tipp Nr. { $count } in dieser Partie.
hint-island-made = { $move } vervollständigt { $islands ->
    [one] eine Insel
   *[other] { $islands } Inseln
} (bei { $cell }): { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} mehr für dich.
hint-islands-joined = { $move }: Diese Brücke verbindet deine Inseln zu einem Netz, und verbundene Inseln zählen zusammen mehr (1, 3, 6, 10 … für 1, 2, 3, 4 … Inseln): { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
} mehr für dich.
hint-groups-linked = { $move }: Diese Brücke verbindet zwei deiner Gruppen, sodass die Inseln, die du auf beiden Seiten fertigstellst, zusammen zählen (1, 3, 6 … statt je 1).
hint-bridge-added = { $move }: Diese Brücke bringt keine Punkte und verbindet nichts Neues für später; aber bei gleichen Punkten und Inseln gewinnen mehr Brücken.
hint-island-stopped = { $move } nimmt der Sandbank von { $color } bei { $cell } den letzten Platz: Sie kann nie mehr eine Insel werden.
hint-cell-taken = { $move } besetzt { $cell }, ein Feld, in das die Sandbank von { $color } bei { $sandbank } wachsen könnte: weniger Platz für ihre Insel.
hint-sandbank-grown = { $move } lässt deine Sandbank bei { $cell } auf { $tiles } Steine wachsen: { $left ->
    [one] Noch ein Stein, und sie ist
   *[other] Noch { $left } Steine, und sie ist
} eine Insel.
hint-new-sandbanks = { $move } legt { $sandbanks ->
    [one] eine neue Sandbank an, mit Platz, um zu einer Insel
   *[other] { $sandbanks } neue Sandbänke an, mit Platz, um zu Inseln
} zu wachsen.
hint-no-island = { $move }: Aus diesen Steinen kann keine Insel mehr werden; der Bot findet für diesen Zug nichts Besseres.
hint-swap = Tauschen (die Kuchenregel): Übernimm Weiß mit seinen zwei Steinen; der Bot hält sie für wertvoller, als zwei rote Steine zu setzen.
hint-pass = Passen: Du kannst keine zwei Steine mehr setzen, und keine Brücke bringt dir noch Punkte.
hint-pass-bridge-scores = Passen: Du kannst keine zwei Steine mehr setzen. Eine Brücke brächte allerdings Punkte: Schau sie dir an.
hint-resign = Aufgeben: Der Bot sieht keinen Weg mehr zum Sieg.
# In der Schlussmeldung einer Partie, in der Tipps gegeben wurden.
result-hints = 💡 { $count ->
    [one] 1 Tipp
   *[other] { $count } Tipps
} genutzt
error-hint-rated = Partie #{ $id } wird gewertet: Tipps gibt es nur in ungewerteten Partien gegen den Bot
error-hint-between-people = In Partie #{ $id } spielen Menschen gegeneinander: Tipps gibt es nur in Partien gegen den Bot
error-hint-failed = Entschuldige, diesmal habe ich keinen Tipp gefunden (ein Problem auf meiner Seite): Nichts wurde gezählt. Bitte versuch es gleich noch einmal.
cmd-hint = tipp
    .description = Gegen den Bot: der Zug, den er für dich spielen würde, und warum (Tipps werden gezählt)
    .game = partie
    .game-description = Welche Partie (nur außerhalb des Threads der Partie nötig)

## Puzzles: /puzzle, the terminal's `puzzle`, the daily puzzle
puzzle-title = Rätsel #{ $id } · { $color ->
    [white] Weiß
   *[red] Rot
} am Zug · Wertung { $rating }
# Over the board; whose move it is, the caption says below.
puzzle-picture-title = Rätsel #{ $id }
puzzle-task-game = { $color ->
    [white] Weiß
   *[red] Rot
} stand hier auf Gewinn; der Zug aus der Partie hat den Vorteil verspielt. Finde einen Zug, der ihn hält.
puzzle-task = { $color ->
    [white] Weiß
   *[red] Rot
} am Zug: Finde einen Zug, der den Vorteil hält.
puzzle-answered-before = Du hast dieses Rätsel schon beantwortet ({ $answer }, { $correct ->
    [yes] richtig
   *[no] falsch
}): Eine weitere Antwort ändert nichts.
puzzle-right = ✅ Richtig: { $move } hält den Vorteil.
puzzle-wrong-played = ❌ Leider nicht: { $move } ist der Zug aus der Partie, der den Vorteil verspielt hat.
puzzle-wrong = ❌ Leider nicht: { $move } gibt den Vorteil aus der Hand.
puzzle-accepted = { $count ->
    [one] Richtiger Zug
   *[other] Richtige Züge
}: { $moves }
puzzle-best-line = Beste Fortsetzung: { $moves } (das Bild zeigt ihren ersten Zug).
puzzle-why = Warum: { $why }
puzzle-rating-change = Deine Rätselwertung: { $before } → { $after } ({ $change })
puzzle-rating-unchanged = Rätsel #{ $id } war schon beantwortet: Deine Rätselwertung bleibt { $rating }.
puzzle-answer-caption = Rätsel #{ $id }: Lösung
puzzle-none = Für dich ist hier gerade kein Rätsel mehr übrig: Neue entstehen aus den beendeten Partien dieses Servers.
error-unknown-puzzle = hier gibt es kein Rätsel #{ $id }
error-not-a-choice = das ist keine der Möglichkeiten: { $choices }
cmd-puzzle = rätsel
    .description = Eine Stellung aus Partien dieses Servers: Finde den Zug, der den Vorteil hält
local-help-puzzle = Rätsel:  puzzle  (eine Stellung zum Lösen, für dich oder einen anderen Spieler: `as NAME puzzle`)  ·  solve a | solve 2 | solve g2 g4  (deine Antwort, als Buchstabe, Nummer oder Zug)
local-puzzle-how = Antworte mit `solve` und einem Buchstaben, einer Nummer oder dem Zug: `solve a`, `solve 1` oder `solve { $example }`.
local-usage-solve = Verwendung: solve a | solve 2 | solve g2 g4 (ein Buchstabe von a bis d, eine Nummer von 1 bis 4 oder einer der gezeigten Züge)
local-no-puzzle = es wird kein Rätsel gezeigt: Tippe zuerst `puzzle`
## Die Lektionen von /lernen (und learn im Terminal)
lesson-title = Lektion { $number } von { $total } — { $name }
lesson-placing-title = Steine setzen
lesson-placing-text = Ponte del Diavolo spielen Weiß und Rot auf einem quadratischen Spielplan. In deinem Zug tust du genau eines: **zwei** Steine deiner Farbe auf zwei leere Felder setzen oder eine Brücke bauen (Lektion 4). Ein einzelner Stein ist nie ein Zug. Weiß beginnt. Felder heißen nach Spalte und Reihe: a1 ist die Ecke links unten.
lesson-placing-task = Du spielst Weiß auf einem leeren 6×6-Plan: Setze deine ersten zwei Steine, zum Beispiel c3 d4.
lesson-placing-right = Deine zwei Steine liegen auf dem Plan; jetzt wäre Rot am Zug.
lesson-islands-title = Inseln
lesson-islands-text = Steine einer Farbe, die sich seitlich berühren, bilden eine Gruppe. Eine Gruppe aus genau 4 Steinen ist eine **Insel**, eine Gruppe aus 1 bis 3 Steinen eine **Sandbank**. Eine Gruppe hat nie mehr als 4 Steine, also kommt ein fünfter Stein nie zu einer Insel dazu. Weiß hat eine Insel auf a1–b2 und eine Sandbank auf e4–e5.
lesson-islands-task = Setze zwei weiße Steine, die eine zweite Insel ergeben.
lesson-islands-right = Das ist eine zweite Insel: vier Steine, und kein Stein kann je dazukommen.
lesson-distance-title = Die Abstandsregel
lesson-distance-text = Eine Insel darf keinen anderen Stein ihrer Farbe berühren, **auch nicht diagonal**. Sandbänke dürfen einander diagonal berühren, doch eine Sandbank, die eine andere Gruppe ihrer Farbe diagonal berührt, kann dort nie zur Insel werden. Farben schränken einander nie ein: Rote Steine dürfen eine weiße Insel berühren. Weiß hat eine Insel auf b2–c3.
lesson-distance-task = Welcher dieser Züge ist für Weiß verboten?
lesson-distance-right = Ein Stein diagonal neben einer Insel seiner Farbe ist nie erlaubt.
lesson-bridges-title = Brücken
lesson-bridges-text = Statt Steine zu setzen, kannst du eine **Brücke** zwischen zwei deiner Steine bauen. Sie hat eine von drei Formen: gerade über ein Feld (c3-e3), diagonal über ein Feld (c3-e5) oder im Rösselsprung über zwei Felder (c3-d5). Die Felder darunter müssen leer sein und bekommen nie einen Stein. Ein Stein trägt höchstens eine Brücke, und Brücken dürfen sich nicht kreuzen. Weiß hat zwei Inseln, a1–b2 und d1–e2, und zwei Sandbänke, b4 und d4.
lesson-bridges-task = Verbinde die beiden weißen Inseln mit einer Brücke.
lesson-bridges-right = Verbundene Inseln zählen zusammen: Zwei verbundene Inseln sind 3 Punkte wert, nicht 1 + 1.
lesson-pie-title = Die Kuchenregel
lesson-pie-text = Die ersten zwei weißen Steine könnten ein starker Anfang sein, also wählt der zweite Spieler: wie gewohnt zwei rote Steine setzen oder **tauschen**: Weiß mit seinen Steinen auf dem Plan übernehmen, während der erste Spieler Rot spielt und als Nächstes zieht. Darum eröffnet der erste Spieler weder zu stark noch zu schwach. Weiß hat mit c3 d4 eröffnet; Rot ist am Zug.
lesson-pie-task = Welchen dieser Züge darf Rot jetzt machen?
lesson-pie-right = Tauschen ist jetzt erlaubt, als zweiter Zug der Partie, und später nie mehr.
lesson-passing-title = Passen, der letzte Zug
lesson-passing-text = In dieser Partie hat jeder Spieler 5 Steine. Weiß hat noch einen, kann also keine zwei Steine mehr setzen. Wer keine zwei Steine setzen kann, darf eine Brücke bauen oder **passen**; solange noch zwei Steine passen, ist Passen verboten. Passt Weiß, hat Rot genau noch einen Zug, dann endet die Partie. Passt Rot, endet sie sofort.
lesson-passing-task = Passe für Weiß.
lesson-passing-right = Rot hat jetzt genau noch einen Zug (auch Passen zählt), dann endet die Partie und wird gewertet.
lesson-scoring-title = Die Wertung
lesson-scoring-text = Am Ende werden die Gruppen jeder Farbe durch ihre Brücken verbunden. Verbundene Gruppen mit n Inseln zählen nach der Tabelle: 1 Insel 1 Punkt, 2 Inseln 3, 3 Inseln 6, 4 Inseln 10, 5 Inseln 15 (n·(n+1)/2). Sandbänke zählen nichts, verbinden aber weiter.
lesson-scoring-task = Wie viele Punkte hat Weiß?
lesson-scoring-right = Die Inseln a1–b2 und d1–e2, verbunden durch die Brücke b1-d1, zählen 3; die Insel a7–b8 allein zählt 1: 4 Punkte.
lesson-scoring-wrong = Zähle jede Menge verbundener Inseln nach der Tabelle und addiere dann.
lesson-tiebreaks-title = Gleichstand
lesson-tiebreaks-text = Die Partie ist vorbei: Beide haben alle Steine verbraucht, Weiß hat gepasst, und Rot hat im letzten Zug die Brücke g2-g4 gebaut. Mehr Punkte gewinnen. Bei gleichen Punkten gewinnen mehr Inseln (alle Inseln, verbunden oder nicht), bei gleich vielen Inseln mehr Brücken; sonst ist es unentschieden.
lesson-tiebreaks-task = Wer gewinnt diese Partie?
lesson-tiebreaks-right = Beide haben 3 Punkte, aber Weiß hat 3 Inseln und Rot 2, also gewinnt Weiß: Die Brücke von Rot zählte erst bei gleich vielen Inseln.
lesson-tiebreaks-wrong = Vergleiche zuerst die Punkte, dann die Inseln, dann die Brücken.
lesson-right = ✅ Richtig! { $said }
lesson-wrong = ❌ Nicht ganz: { $why } Versuch es noch einmal.
lesson-wrong-told = ❌ Nicht ganz: { $why } Die Antwort: **{ $solution }**
lesson-refused = Dieser Zug ist nicht erlaubt: { $reason }.
lesson-missed-place = Das ist kein Setzen von zwei Steinen.
lesson-missed-island = Diese Steine ergeben keine Insel (eine Insel sind genau 4 Steine, die sich seitlich berühren).
lesson-missed-join = Diese Brücke verbindet keine zwei Inseln, die Punkte von Weiß bleiben gleich.
lesson-missed-pass = Dieser Zug ist erlaubt, aber in dieser Lektion sollst du passen.
lesson-choice-legal = { $move } ist hier ein erlaubter Zug.
lesson-choice-illegal = { $move } ist hier nicht erlaubt: { $reason }.
lesson-choice-points = { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
lesson-choice-won = { $winner ->
    [white] Weiß gewinnt
    [red] Rot gewinnt
   *[none] Unentschieden
}{ $by ->
    [points] {""}: mehr Punkte
    [islands] {""}: gleiche Punkte, mehr Inseln
    [bridges] {""}: gleiche Punkte und Inseln, mehr Brücken
   *[draw] {""}: alles gleich
}
lesson-finished = 🎓 Du hast alle { $total } Lektionen von Ponte del Diavolo durch. Spiel deine erste Partie gegen den Bot (leicht) auf einem 8×8-Brett oder fang von vorn an.
lesson-how-move = Antworte mit `/setzen`, `/brücke` oder `/passen` wie in einer Partie (außerhalb des Threads einer Partie) oder mit `/lernen` und seiner Option `zug`.
lesson-how-choice = Antworte mit einem Knopf.
lesson-move-answered = Lektion { $number }: Du hast hier keine Partie, also hat dein Zug deine Lektion beantwortet (die Züge einer Partie gehören in ihren Thread).
lesson-bot-started = Deine Partie #{ $id } gegen den Bot (leicht) auf { $size }×{ $size } beginnt in { $thread }. Viel Glück!
lesson-bot-in-server = Partien werden in den Kanälen eines Servers gespielt: Nutze diesen Knopf oder `/herausfordern` mit dem Bot auf einem Server.
button-lesson-bot = Gegen den Bot spielen (leicht)
button-lesson-again = Von vorn anfangen
local-lesson-how-move = Tippe deinen Zug wie in einer Partie (c3 d4, b1-d1, pass).
local-lesson-how-choice = Tippe die Nummer deiner Antwort:
local-lesson-finished = 🎓 Du hast alle { $total } Lektionen durch. Spiel gegen den Bot (leicht): play { $name } ai:easy size 8. Oder fang von vorn an: learn 1.
local-help-learn = Lektionen:  learn  (die Lektion, bei der du bist, für dich oder einen anderen Spieler: `as NAME learn`)  ·  learn 3 | learn again  (eine Lektion nach Nummer, oder von vorn)  ·  antworte mit einem Zug wie in einer Partie (wenn keine Partie aktuell ist, sonst learn c3 d4) oder mit der Nummer einer Antwort: 2
local-usage-learn = Verwendung: learn | learn 3 | learn again | learn c3 d4 (eine Lektion nach Nummer, wieder von vorn oder ein Zug als Antwort auf deine Lektion)
local-no-lesson = keine Lektion wartet auf eine Antwort: Tippe `learn`
local-lesson-game-current = Partie #{ $id } ist aktuell: Ein allein getippter Zug wird dort gespielt. Beantworte die Lektion mit learn und dem Zug: learn c3 d4.
error-unknown-lesson = es gibt keine Lektion { $number }: Die Lektionen sind von 1 bis { $total } nummeriert
error-no-lesson = keine Lektion wartet auf eine Antwort: /lernen zeigt, wo du stehst
error-lesson-answered = diese Lektion ist schon beantwortet: Du bist jetzt bei Lektion { $number }
error-lesson-wants-move = diese Lektion verlangt einen Zug, keine Auswahl
error-lesson-wants-choice = in dieser Lektion wählst du eine der Antworten, keinen Zug
cmd-learn = lernen
    .description = Ponte del Diavolo spielend lernen: acht kurze Lektionen, nur für dich
    .lesson = lektion
    .lesson-description = Zu dieser Lektion gehen (1 bis 8); 1 fängt von vorn an
    .move = zug
    .move-description = Dein Zug für die Lektion, z. B. c3 d4, b1-d1 oder pass
daily-puzzle = 🗓️ **Das Rätsel des Tages**: Klicke auf Lösen, um es für dich allein zu versuchen.
daily-puzzle-solvers = { $count ->
    [0] Niemand hat das gestrige Rätsel #{ $id } gelöst.
    [one] 1 Spieler hat das gestrige Rätsel #{ $id } gelöst.
   *[other] { $count } Spieler haben das gestrige Rätsel #{ $id } gelöst.
}
button-solve = Lösen
settings-puzzle-channel = Ab jetzt erscheint jeden Tag um { $at } (12 Uhr UTC) ein Rätsel in { $channel }.
settings-puzzle-channel-off = Ab jetzt erscheint auf diesem Server kein Rätsel des Tages mehr.
error-managers-only = das dürfen nur die Verwalter des Servers ändern
cmd-settings-puzzle-channel = rätsel-kanal
    .description = Jeden Tag ein Rätsel in diesem Kanal, oder keins (aus)
    .post = posten
    .post-description = hier: jeden Tag in diesem Kanal; aus: kein Rätsel des Tages
    .post-choice-0 = hier
    .post-choice-1 = aus

## Das Brett im Browser (`ponte web`). Jede `web-`-Nachricht geht so, wie sie ist, an die
## Seite, daher hat keine Argumente: Sätze mit Zahlen oder Namen formatiert der Server.

web-language = Sprache
web-board = Das Spielbrett
web-new-game = Neue Partie gegen leicht (8×8)
web-start-hint = Starte eine Partie: du spielst Weiß und beginnst; klicke zwei Felder an, um zwei Steine zu legen.
web-cell-empty = leer
web-tile-white = weißer Stein
web-tile-red = roter Stein
web-server-fault = Auf dem Server ist etwas schiefgegangen; nichts wurde geändert.

## Das Brett im Browser: Partien starten und Züge machen

web-start-title = Eine Partie starten
web-start-opponent = Gegner
web-start-against-ai = die KI
web-start-against-people = zwei Personen an diesem Bildschirm
web-start-level = Stufe
web-level-easy = leicht
web-level-medium = mittel
web-level-hard = schwer
web-start-size = Spielbrett
web-start-supply = Steine und Brücken
web-supply-finite = wie in der Schachtel
web-supply-note = Nur die Schachteln für 10×10 und 12×12 begrenzen Steine und Brücken; andere Spielbretter spielen unbegrenzt.
web-supply-unlimited = unbegrenzt
web-start-opener = Wer beginnt
web-opener-you = du (Weiß)
web-opener-ai = die KI
web-start-white = Weiß (beginnt)
web-start-red = Rot
web-start = Starten
web-confirm = Bestätigen
web-cancel = Abbrechen
web-swap = Tauschen
web-pass = Passen
web-resign = Aufgeben
web-resign-really = Wirklich aufgeben?
web-yes = Ja
web-no = Nein
web-confirm-moves = Jeden Zug bestätigen, bevor er gesendet wird
web-preview-hint = Bestätige den Zug (Enter) oder brich ihn ab (Escape).
web-choose-next = Jetzt ein Feld für den zweiten Stein oder das andere Ende einer Brücke.
web-no-move-from = Auf diesem Feld beginnt kein Zug von dir.
page-ai-to-move = { $name } ist am Zug und macht seine Züge selbst: warte darauf
page-not-a-cell = „{ $text }“ ist kein Feld: Schreibe einen Spaltenbuchstaben und eine Zeilennummer, etwa c7
page-start-opponent = „{ $value }“ ist kein Gegner: wähle ai oder people
page-start-level = „{ $value }“ ist keine Stufe: wähle easy, medium oder hard
page-start-size = das Spielbrett hat 8×8 bis 12×12 Felder, nicht { $size }×{ $size }
page-start-supply = „{ $value }“ ist kein Vorrat: wähle finite oder unlimited
page-start-opener = „{ $value }“ sagt nicht, wer beginnt: wähle you oder ai
page-start-people-only = { $option } gibt es nur in einer Partie zwischen zwei Personen
page-start-ai-only = { $option } gibt es nur in einer Partie gegen die KI
page-start-names = eine Partie zwischen zwei Personen braucht beide Namen, den von Weiß und den von Rot
page-start-name = ein Name hat 1 bis { $most } Zeichen
page-start-bot-name = { $name } ist der Name der KI: wähle einen anderen

## The web board: lessons, puzzles and hints

web-lessons = Lektionen
web-puzzle = Rätsel
web-hint = Tipp
web-next-lesson = Nächste Lektion
web-start-again = Von Lektion 1 neu beginnen
web-next-puzzle = Noch ein Rätsel
web-lesson-board = Das Brett der Lektion
web-puzzle-board = Das Brett des Rätsels
web-lesson-how-move = Klicke zwei leere Felder an, um zwei Steine zu setzen; klicke einen deiner Steine und dann einen weiteren für eine Brücke.
web-lesson-how-choice = Wähle deine Antwort:
web-puzzle-how = Klicke den Zug auf dem Brett an (zwei Felder) oder wähle ihn:
web-lesson-pick = Zur Lektion
web-answer-move-or-choice = Eine Antwort ist ein Zug oder eine Wahl, eins von beiden.
web-not-a-lesson-number = Eine Lektion wird mit ihrer Nummer genannt.

## Das Brett im Browser: Tastatur und Bildschirmleser.

web-cell-bridge-to = Brücke nach
web-cell-chosen = ausgewählt
web-cell-target = erlaubtes Ziel
web-board-keys = Mit den Pfeiltasten gehst du über die Felder des Bretts; Enter oder Leertaste wählt ein Feld.

## The web board: the guard

web-other-site = Abgelehnt: Diese Anfrage kam von einer anderen Website. Nur die Seite von ponte selbst darf deine Partien ändern.
web-no-such-address = Unter dieser Adresse gibt es nichts.
web-too-large = Diese Anfrage ist zu groß; nichts wurde geändert.
web-bad-request = Der Server versteht diese Anfrage nicht; nichts wurde geändert.

## The web board: what the game shows, the list of games, history and downloads. `panel-`
## messages have arguments and are formatted by the server; $who is a name with its colour.

panel-your-move = Du bist am Zug ({ $color }).
panel-to-move = { $who } ist am Zug.
panel-played = { $name } spielte { $move }.
panel-pie-choice = Tausche, um Weiß zu nehmen, oder lege zwei rote Steine.
panel-last-turn = Weiß hat gepasst: Dies ist der letzte Zug.
panel-over = Partie vorbei: { $result }.
panel-clock = Die Bedenkzeit endet in { $left }.
panel-clock-away = { $name } ist im Urlaub: Die Uhr steht still.
panel-tiles-left = { $n ->
    [one] { $n } Stein übrig
   *[other] { $n } Steine übrig
}
panel-step = Zug { $n } von { $total }: { $move }
panel-no-position = Diese Partie hat { $total } Züge: Nach Zug { $n } gibt es keine Stellung.
panel-step-start = Der Anfang, vor Zug 1 von { $total }
panel-list-your-turn = du bist am Zug ({ $color })
panel-list-to-move = { $who } ist am Zug
panel-analysis-waiting = Die KI analysiert die Partie; das dauert etwa eine halbe Minute.
web-panel-players = Spieler
web-panel-moves = Züge
web-panel-history = Verlauf
web-panel-first = Erste Stellung
web-panel-back = Einen Zug zurück
web-panel-forward = Einen Zug vor
web-panel-now = Zurück zur aktuellen Stellung
web-panel-past = Du siehst eine frühere Stellung: Züge warten, bis du zurück bei der aktuellen bist.
web-panel-moved-on = Die Partie ging weiter, während du zurückgeschaut hast.
web-panel-downloads = Downloads
web-panel-replay = Wiederholung (GIF)
web-panel-record = Partieprotokoll
web-panel-analysis = Analyse
web-panel-score = Die Wertung
web-panel-clock = Uhr
web-panel-pie = Kuchenregel: Rot darf tauschen und Weiß nehmen.
web-lobby-games = Deine Partien
web-lobby-none = Keine laufenden Partien.
web-lobby-open = Öffnen
web-panel-pool = Brücken im Vorrat

## The web board from Discord: login links, sessions and watchers
error-link-unknown = Diesen Anmeldelink hat ponte nicht vergeben. Klick im Thread der Partie auf Brett öffnen, um einen neuen zu bekommen.
error-link-used = Dieser Anmeldelink wurde schon benutzt: Jeder öffnet das Brett nur einmal. Klick im Thread der Partie auf Brett öffnen, um einen neuen zu bekommen.
error-link-expired = Dieser Anmeldelink ist älter als 15 Minuten. Klick im Thread der Partie auf Brett öffnen, um einen neuen zu bekommen.
error-unknown-page = Unter dieser Adresse gibt es keine Partie.
error-page-private = Die Partieseiten dieses Servers sehen nur ihre Spieler. Klick im Thread der Partie auf Brett öffnen, um dich anzumelden.
error-watchers-cannot-move = Hier ziehen nur die Spieler der Partie. Wenn du mitspielst, klick im Thread der Partie auf Brett öffnen, um dich anzumelden.

## The public web board's page: logging in with a link, watching, limits
doors-continue-as = Weiter als { $name } in Partie #{ $game }?
web-too-many = Zu viele Anfragen auf einmal: warte ein paar Sekunden und versuch es dann noch einmal.
web-login-continue = Weiter
web-login-checking = Dein Anmeldelink wird geprüft…
web-login-no-link = Diese Adresse enthält keinen Anmeldelink. Klick im Thread der Partie auf Discord auf Brett öffnen, um einen zu bekommen.
web-logout = Abmelden
web-logged-out = Du bist abgemeldet, in jedem Browser.
web-watching = Du schaust dieser Partie zu. Ihre Spieler melden sich mit Brett öffnen im Thread der Partie auf Discord an.
web-public-home = Öffne eine Partie über ihre Adresse oder melde dich mit Brett öffnen im Thread einer Partie auf Discord an.

## The web board from Discord: the Open board button, /web logout, private pages
button-open-board = Brett öffnen
open-board-login = Dein persönlicher Link zu Partie #{ $id } auf dem Web-Brett. Er gehört nur dir: Er meldet dich als du an, funktioniert einmal und nur { $minutes } Minuten lang. Gib ihn nicht weiter.
open-board-login-button = Anmelden und Brett öffnen
open-board-watch = Partie #{ $id } auf dem Web-Brett: Dort kannst du zuschauen (ziehen können nur ihre Spieler).
open-board-watch-button = Partie ansehen
open-board-off = Das Web-Brett wird nicht mehr angeboten.
open-board-page = Auf dem Web-Brett: { $address }
logged-out-everywhere = { $count ->
    [0] Du warst nirgends beim Web-Brett angemeldet; Links, die du noch nicht geöffnet hast, gelten nicht mehr.
    [one] Auf 1 Gerät vom Web-Brett abgemeldet; Links, die du noch nicht geöffnet hast, gelten nicht mehr.
   *[other] Auf { $count } Geräten vom Web-Brett abgemeldet; Links, die du noch nicht geöffnet hast, gelten nicht mehr.
}
cmd-web = web
    .description = Das Web-Brett
cmd-web-logout = abmelden
    .description = Überall vom Web-Brett abmelden
cmd-settings-pages = seiten
    .description = Ob die Webseiten der Partien nur für ihre Spieler sind
    .private = privat
    .private-description = True: Nur die Spieler einer Partie sehen ihre Seite; False: alle mit ihrer Adresse
settings-private-pages = { $private ->
    [yes] Ab jetzt sehen nur die Spieler die Webseiten der Partien dieses Servers.
   *[no] Ab jetzt kann jeder mit der Adresse einer Partie ihre Webseite ansehen.
}
