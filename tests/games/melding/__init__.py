"""What the API tests of the melding games (Rummy, Indian Rummy) share: tables made
through the API (:mod:`.tables`), and a client that plays them from each seat's own view
and checks what the views and the move log show (:mod:`.play`). Each game's test folder
adds only its own deck builder, decisions and checks."""
