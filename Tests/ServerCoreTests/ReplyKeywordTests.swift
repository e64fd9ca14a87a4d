import Foundation
import ServerCore
import Testing

@Suite("SMS reply keywords")
struct ReplyKeywordTests {
    @Test("Each keyword is read in the seven languages, whatever the case, accents and punctuation", arguments: [
        ("OK", ReplyKeyword.ok), ("ok!", .ok), ("Alles gut, danke", .ok), ("Estoy bien", .ok), ("ça va", .ok), ("Jól vagyok", .ok),
        ("Sto bene", .ok), ("Nic mi nie jest", .ok), ("I'm OK", .ok),
        ("HELP", .help), ("Hilfe", .help), ("HILFE, mein Bein", .help), ("ayuda", .help), ("Au secours !", .help), ("Segítség", .help),
        ("aiuto", .help), ("Pomocy", .help), ("SOS", .help),
        ("FALSE ALARM", .falseAlarm), ("false alarm, all good", .falseAlarm), ("Fehlalarm", .falseAlarm), ("falsa alarma", .falseAlarm),
        ("Fausse alerte", .falseAlarm), ("Téves riasztás", .falseAlarm), ("falso allarme", .falseAlarm), ("Fałszywy alarm", .falseAlarm),
        ("STOP", .stop), ("stop.", .stop), ("Stopp", .stop), ("Arrêt", .stop), ("Leiratkozás", .stop), ("START", .start),
    ])
    func read(_ text: String, _ keyword: ReplyKeyword) {
        #expect(ReplyKeyword.read(text) == keyword, "\(text)")
    }

    @Test("HELP wins wherever it stands; STOP only alone; anything else is a message")
    func rules() {
        #expect(ReplyKeyword.read("ok but I need help") == .help)
        #expect(ReplyKeyword.read("False alarm? No, Hilfe!") == .help)
        #expect(ReplyKeyword.read("Stop the car, my neck hurts") == nil)
        #expect(ReplyKeyword.read("please stop") == nil)
        #expect(ReplyKeyword.read("Who is this?") == nil)
        #expect(ReplyKeyword.read("") == nil)
        #expect(ReplyKeyword.read("okey dokey") == nil)
        #expect(ReplyKeyword.read("helpful people stopped") == nil)
        #expect(ReplyKeyword.fold("  Ça  va,\tßtraße!! ") == "ca va sstrasse")
    }

    @Test("A reply's text is kept without hidden or control characters, lines kept, at most 1,000 characters")
    func keptText() {
        #expect(SMSReply.keptText(" Hilfe\u{202E}\u{200B}\u{0007}\r\nBein ") == "Hilfe\nBein")
        #expect(SMSReply.keptText(String(repeating: "a", count: 1_500)).count == 1_000)
    }
}
