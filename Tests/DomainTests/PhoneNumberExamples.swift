// libphonenumber 8.12.57's (Debian's libphonenumber8) verdicts on its own example numbers — mobile and fixed line
// for 33 regions, each as E.164, in its national form read in its region, one digit short and one digit long —
// and a few numbers people type. Made with libphonenumber's example-number API and checked against its Python port.

let phoneNumberExamples: [(input: String, region: String?, status: String, e164: String?, type: String?)] = [
    (input: "+24740123", region: "AC", status: "ok", e164: "+24740123", type: "mobile"),  // AC mobile example, E.164
    (input: "40123", region: "AC", status: "ok", e164: "+24740123", type: "mobile"),  // AC mobile example, national form
    (input: "+2474012", region: "AC", status: "invalidLengthTooShort", e164: nil, type: nil),  // AC mobile example, last digit removed
    (input: "+247401235", region: "AC", status: "invalidForRegion", e164: nil, type: nil),  // AC mobile example, digit 5 appended
    (input: "+24762889", region: "AC", status: "ok", e164: "+24762889", type: "fixedLine"),  // AC fixed line example, E.164
    (input: "62889", region: "AC", status: "ok", e164: "+24762889", type: "fixedLine"),  // AC fixed line example, national form
    (input: "+2476288", region: "AC", status: "invalidLengthTooShort", e164: nil, type: nil),  // AC fixed line example, last digit removed
    (input: "+247628895", region: "AC", status: "invalidForRegion", e164: nil, type: nil),  // AC fixed line example, digit 5 appended
    (input: "+43664123456", region: "AT", status: "ok", e164: "+43664123456", type: "mobile"),  // AT mobile example, E.164
    (input: "0664 123456", region: "AT", status: "ok", e164: "+43664123456", type: "mobile"),  // AT mobile example, national form
    (input: "+4366412345", region: "AT", status: "ok", e164: "+4366412345", type: "mobile"),  // AT mobile example, last digit removed
    (input: "+436641234565", region: "AT", status: "ok", e164: "+436641234565", type: "mobile"),  // AT mobile example, digit 5 appended
    (input: "+431234567890", region: "AT", status: "ok", e164: "+431234567890", type: "fixedLine"),  // AT fixed line example, E.164
    (input: "01 234567890", region: "AT", status: "ok", e164: "+431234567890", type: "fixedLine"),  // AT fixed line example, national form
    (input: "+43123456789", region: "AT", status: "ok", e164: "+43123456789", type: "fixedLine"),  // AT fixed line example, last digit removed
    (input: "+4312345678905", region: "AT", status: "ok", e164: "+4312345678905", type: "fixedLine"),  // AT fixed line example, digit 5 appended
    (input: "+61412345678", region: "AU", status: "ok", e164: "+61412345678", type: "mobile"),  // AU mobile example, E.164
    (input: "0412 345 678", region: "AU", status: "ok", e164: "+61412345678", type: "mobile"),  // AU mobile example, national form
    (input: "+6141234567", region: "AU", status: "invalidForRegion", e164: nil, type: nil),  // AU mobile example, last digit removed
    (input: "+614123456785", region: "AU", status: "invalidForRegion", e164: nil, type: nil),  // AU mobile example, digit 5 appended
    (input: "+61212345678", region: "AU", status: "ok", e164: "+61212345678", type: "fixedLine"),  // AU fixed line example, E.164
    (input: "(02) 1234 5678", region: "AU", status: "ok", e164: "+61212345678", type: "fixedLine"),  // AU fixed line example, national form
    (input: "+6121234567", region: "AU", status: "invalidForRegion", e164: nil, type: nil),  // AU fixed line example, last digit removed
    (input: "+612123456785", region: "AU", status: "invalidForRegion", e164: nil, type: nil),  // AU fixed line example, digit 5 appended
    (input: "+358412345678", region: "AX", status: "ok", e164: "+358412345678", type: "mobile"),  // AX mobile example, E.164
    (input: "041 2345678", region: "AX", status: "ok", e164: "+358412345678", type: "mobile"),  // AX mobile example, national form
    (input: "+35841234567", region: "AX", status: "ok", e164: "+35841234567", type: "mobile"),  // AX mobile example, last digit removed
    (input: "+3584123456785", region: "AX", status: "ok", e164: "+3584123456785", type: "mobile"),  // AX mobile example, digit 5 appended
    (input: "+358181234567", region: "AX", status: "ok", e164: "+358181234567", type: "fixedLine"),  // AX fixed line example, E.164
    (input: "018 1234567", region: "AX", status: "ok", e164: "+358181234567", type: "fixedLine"),  // AX fixed line example, national form
    (input: "+35818123456", region: "AX", status: "ok", e164: "+35818123456", type: "fixedLine"),  // AX fixed line example, last digit removed
    (input: "+3581812345675", region: "AX", status: "invalidForRegion", e164: nil, type: nil),  // AX fixed line example, digit 5 appended
    (input: "+32470123456", region: "BE", status: "ok", e164: "+32470123456", type: "mobile"),  // BE mobile example, E.164
    (input: "0470 12 34 56", region: "BE", status: "ok", e164: "+32470123456", type: "mobile"),  // BE mobile example, national form
    (input: "+3247012345", region: "BE", status: "invalidForRegion", e164: nil, type: nil),  // BE mobile example, last digit removed
    (input: "+324701234565", region: "BE", status: "invalidLengthTooLong", e164: nil, type: nil),  // BE mobile example, digit 5 appended
    (input: "+3212345678", region: "BE", status: "ok", e164: "+3212345678", type: "fixedLine"),  // BE fixed line example, E.164
    (input: "012 34 56 78", region: "BE", status: "ok", e164: "+3212345678", type: "fixedLine"),  // BE fixed line example, national form
    (input: "+321234567", region: "BE", status: "invalidLengthTooShort", e164: nil, type: nil),  // BE fixed line example, last digit removed
    (input: "+32123456785", region: "BE", status: "invalidForRegion", e164: nil, type: nil),  // BE fixed line example, digit 5 appended
    (input: "+15062345678", region: "CA", status: "ok", e164: "+15062345678", type: "fixedLineOrMobile"),  // CA mobile example, E.164
    (input: "(506) 234-5678", region: "CA", status: "ok", e164: "+15062345678", type: "fixedLineOrMobile"),  // CA mobile example, national form
    (input: "+1506234567", region: "CA", status: "invalidLengthTooShort", e164: nil, type: nil),  // CA mobile example, last digit removed
    (input: "+150623456785", region: "CA", status: "invalidLengthTooLong", e164: nil, type: nil),  // CA mobile example, digit 5 appended
    (input: "+41781234567", region: "CH", status: "ok", e164: "+41781234567", type: "mobile"),  // CH mobile example, E.164
    (input: "078 123 45 67", region: "CH", status: "ok", e164: "+41781234567", type: "mobile"),  // CH mobile example, national form
    (input: "+4178123456", region: "CH", status: "invalidLengthTooShort", e164: nil, type: nil),  // CH mobile example, last digit removed
    (input: "+417812345675", region: "CH", status: "invalidLength", e164: nil, type: nil),  // CH mobile example, digit 5 appended
    (input: "+41212345678", region: "CH", status: "ok", e164: "+41212345678", type: "fixedLine"),  // CH fixed line example, E.164
    (input: "021 234 56 78", region: "CH", status: "ok", e164: "+41212345678", type: "fixedLine"),  // CH fixed line example, national form
    (input: "+4121234567", region: "CH", status: "invalidLengthTooShort", e164: nil, type: nil),  // CH fixed line example, last digit removed
    (input: "+412123456785", region: "CH", status: "invalidLength", e164: nil, type: nil),  // CH fixed line example, digit 5 appended
    (input: "+420601123456", region: "CZ", status: "ok", e164: "+420601123456", type: "mobile"),  // CZ mobile example, E.164
    (input: "601 123 456", region: "CZ", status: "ok", e164: "+420601123456", type: "mobile"),  // CZ mobile example, national form
    (input: "+42060112345", region: "CZ", status: "invalidLengthTooShort", e164: nil, type: nil),  // CZ mobile example, last digit removed
    (input: "+4206011234565", region: "CZ", status: "invalidForRegion", e164: nil, type: nil),  // CZ mobile example, digit 5 appended
    (input: "+420212345678", region: "CZ", status: "ok", e164: "+420212345678", type: "fixedLine"),  // CZ fixed line example, E.164
    (input: "212 345 678", region: "CZ", status: "ok", e164: "+420212345678", type: "fixedLine"),  // CZ fixed line example, national form
    (input: "+42021234567", region: "CZ", status: "invalidLengthTooShort", e164: nil, type: nil),  // CZ fixed line example, last digit removed
    (input: "+4202123456785", region: "CZ", status: "invalidForRegion", e164: nil, type: nil),  // CZ fixed line example, digit 5 appended
    (input: "+4915123456789", region: "DE", status: "ok", e164: "+4915123456789", type: "mobile"),  // DE mobile example, E.164
    (input: "01512 3456789", region: "DE", status: "ok", e164: "+4915123456789", type: "mobile"),  // DE mobile example, national form
    (input: "+491512345678", region: "DE", status: "invalidForRegion", e164: nil, type: nil),  // DE mobile example, last digit removed
    (input: "+49151234567895", region: "DE", status: "invalidForRegion", e164: nil, type: nil),  // DE mobile example, digit 5 appended
    (input: "+4930123456", region: "DE", status: "ok", e164: "+4930123456", type: "fixedLine"),  // DE fixed line example, E.164
    (input: "030 123456", region: "DE", status: "ok", e164: "+4930123456", type: "fixedLine"),  // DE fixed line example, national form
    (input: "+493012345", region: "DE", status: "ok", e164: "+493012345", type: "fixedLine"),  // DE fixed line example, last digit removed
    (input: "+49301234565", region: "DE", status: "ok", e164: "+49301234565", type: "fixedLine"),  // DE fixed line example, digit 5 appended
    (input: "0151 2345 6789", region: "DE", status: "ok", e164: "+4915123456789", type: "mobile"),  // German mobile, national form
    (input: "0049", region: "DE", status: "tooShortAfterIdd", e164: nil, type: nil),  // international prefix and code, no number
    (input: "+4532123456", region: "DK", status: "ok", e164: "+4532123456", type: "fixedLineOrMobile"),  // DK mobile example, E.164
    (input: "32 12 34 56", region: "DK", status: "ok", e164: "+4532123456", type: "fixedLineOrMobile"),  // DK mobile example, national form
    (input: "+453212345", region: "DK", status: "invalidLengthTooShort", e164: nil, type: nil),  // DK mobile example, last digit removed
    (input: "+45321234565", region: "DK", status: "invalidLengthTooLong", e164: nil, type: nil),  // DK mobile example, digit 5 appended
    (input: "+34612345678", region: "ES", status: "ok", e164: "+34612345678", type: "mobile"),  // ES mobile example, E.164
    (input: "612 34 56 78", region: "ES", status: "ok", e164: "+34612345678", type: "mobile"),  // ES mobile example, national form
    (input: "+3461234567", region: "ES", status: "invalidLengthTooShort", e164: nil, type: nil),  // ES mobile example, last digit removed
    (input: "+346123456785", region: "ES", status: "invalidLengthTooLong", e164: nil, type: nil),  // ES mobile example, digit 5 appended
    (input: "+34810123456", region: "ES", status: "ok", e164: "+34810123456", type: "fixedLine"),  // ES fixed line example, E.164
    (input: "810 12 34 56", region: "ES", status: "ok", e164: "+34810123456", type: "fixedLine"),  // ES fixed line example, national form
    (input: "+3481012345", region: "ES", status: "invalidLengthTooShort", e164: nil, type: nil),  // ES fixed line example, last digit removed
    (input: "+348101234565", region: "ES", status: "invalidLengthTooLong", e164: nil, type: nil),  // ES fixed line example, digit 5 appended
    (input: "+358412345678", region: "FI", status: "ok", e164: "+358412345678", type: "mobile"),  // FI mobile example, E.164
    (input: "041 2345678", region: "FI", status: "ok", e164: "+358412345678", type: "mobile"),  // FI mobile example, national form
    (input: "+35841234567", region: "FI", status: "ok", e164: "+35841234567", type: "mobile"),  // FI mobile example, last digit removed
    (input: "+3584123456785", region: "FI", status: "ok", e164: "+3584123456785", type: "mobile"),  // FI mobile example, digit 5 appended
    (input: "+358131234567", region: "FI", status: "ok", e164: "+358131234567", type: "fixedLine"),  // FI fixed line example, E.164
    (input: "013 1234567", region: "FI", status: "ok", e164: "+358131234567", type: "fixedLine"),  // FI fixed line example, national form
    (input: "+35813123456", region: "FI", status: "ok", e164: "+35813123456", type: "fixedLine"),  // FI fixed line example, last digit removed
    (input: "+3581312345675", region: "FI", status: "invalidForRegion", e164: nil, type: nil),  // FI fixed line example, digit 5 appended
    (input: "+33612345678", region: "FR", status: "ok", e164: "+33612345678", type: "mobile"),  // FR mobile example, E.164
    (input: "06 12 34 56 78", region: "FR", status: "ok", e164: "+33612345678", type: "mobile"),  // FR mobile example, national form
    (input: "+3361234567", region: "FR", status: "invalidLengthTooShort", e164: nil, type: nil),  // FR mobile example, last digit removed
    (input: "+336123456785", region: "FR", status: "invalidLengthTooLong", e164: nil, type: nil),  // FR mobile example, digit 5 appended
    (input: "+33123456789", region: "FR", status: "ok", e164: "+33123456789", type: "fixedLine"),  // FR fixed line example, E.164
    (input: "01 23 45 67 89", region: "FR", status: "ok", e164: "+33123456789", type: "fixedLine"),  // FR fixed line example, national form
    (input: "+3312345678", region: "FR", status: "invalidLengthTooShort", e164: nil, type: nil),  // FR fixed line example, last digit removed
    (input: "+331234567895", region: "FR", status: "invalidLengthTooLong", e164: nil, type: nil),  // FR fixed line example, digit 5 appended
    (input: "+447400123456", region: "GB", status: "ok", e164: "+447400123456", type: "mobile"),  // GB mobile example, E.164
    (input: "07400 123456", region: "GB", status: "ok", e164: "+447400123456", type: "mobile"),  // GB mobile example, national form
    (input: "+44740012345", region: "GB", status: "invalidForRegion", e164: nil, type: nil),  // GB mobile example, last digit removed
    (input: "+4474001234565", region: "GB", status: "invalidLengthTooLong", e164: nil, type: nil),  // GB mobile example, digit 5 appended
    (input: "+441212345678", region: "GB", status: "ok", e164: "+441212345678", type: "fixedLine"),  // GB fixed line example, E.164
    (input: "0121 234 5678", region: "GB", status: "ok", e164: "+441212345678", type: "fixedLine"),  // GB fixed line example, national form
    (input: "+44121234567", region: "GB", status: "invalidForRegion", e164: nil, type: nil),  // GB fixed line example, last digit removed
    (input: "+4412123456785", region: "GB", status: "invalidLengthTooLong", e164: nil, type: nil),  // GB fixed line example, digit 5 appended
    (input: "+447781123456", region: "GG", status: "ok", e164: "+447781123456", type: "mobile"),  // GG mobile example, E.164
    (input: "07781 123456", region: "GG", status: "ok", e164: "+447781123456", type: "mobile"),  // GG mobile example, national form
    (input: "+44778112345", region: "GG", status: "invalidForRegion", e164: nil, type: nil),  // GG mobile example, last digit removed
    (input: "+4477811234565", region: "GG", status: "invalidLengthTooLong", e164: nil, type: nil),  // GG mobile example, digit 5 appended
    (input: "+441481256789", region: "GG", status: "ok", e164: "+441481256789", type: "fixedLine"),  // GG fixed line example, E.164
    (input: "01481 256789", region: "GG", status: "ok", e164: "+441481256789", type: "fixedLine"),  // GG fixed line example, national form
    (input: "+44148125678", region: "GG", status: "invalidForRegion", e164: nil, type: nil),  // GG fixed line example, last digit removed
    (input: "+4414812567895", region: "GG", status: "invalidLengthTooLong", e164: nil, type: nil),  // GG fixed line example, digit 5 appended
    (input: "+306912345678", region: "GR", status: "ok", e164: "+306912345678", type: "mobile"),  // GR mobile example, E.164
    (input: "691 234 5678", region: "GR", status: "ok", e164: "+306912345678", type: "mobile"),  // GR mobile example, national form
    (input: "+30691234567", region: "GR", status: "invalidLengthTooShort", e164: nil, type: nil),  // GR mobile example, last digit removed
    (input: "+3069123456785", region: "GR", status: "invalidForRegion", e164: nil, type: nil),  // GR mobile example, digit 5 appended
    (input: "+302123456789", region: "GR", status: "ok", e164: "+302123456789", type: "fixedLine"),  // GR fixed line example, E.164
    (input: "21 2345 6789", region: "GR", status: "ok", e164: "+302123456789", type: "fixedLine"),  // GR fixed line example, national form
    (input: "+30212345678", region: "GR", status: "invalidLengthTooShort", e164: nil, type: nil),  // GR fixed line example, last digit removed
    (input: "+3021234567895", region: "GR", status: "invalidForRegion", e164: nil, type: nil),  // GR fixed line example, digit 5 appended
    (input: "+36201234567", region: "HU", status: "ok", e164: "+36201234567", type: "mobile"),  // HU mobile example, E.164
    (input: "06 20 123 4567", region: "HU", status: "ok", e164: "+36201234567", type: "mobile"),  // HU mobile example, national form
    (input: "+3620123456", region: "HU", status: "invalidForRegion", e164: nil, type: nil),  // HU mobile example, last digit removed
    (input: "+362012345675", region: "HU", status: "invalidLengthTooLong", e164: nil, type: nil),  // HU mobile example, digit 5 appended
    (input: "+3612345678", region: "HU", status: "ok", e164: "+3612345678", type: "fixedLine"),  // HU fixed line example, E.164
    (input: "(06 1) 234 5678", region: "HU", status: "ok", e164: "+3612345678", type: "fixedLine"),  // HU fixed line example, national form
    (input: "+361234567", region: "HU", status: "invalidLengthTooShort", e164: nil, type: nil),  // HU fixed line example, last digit removed
    (input: "+36123456785", region: "HU", status: "invalidForRegion", e164: nil, type: nil),  // HU fixed line example, digit 5 appended
    (input: "06 30 123 4567", region: "HU", status: "ok", e164: "+36301234567", type: "mobile"),  // Hungarian mobile, national form
    (input: "+353850123456", region: "IE", status: "ok", e164: "+353850123456", type: "mobile"),  // IE mobile example, E.164
    (input: "085 012 3456", region: "IE", status: "ok", e164: "+353850123456", type: "mobile"),  // IE mobile example, national form
    (input: "+35385012345", region: "IE", status: "invalidForRegion", e164: nil, type: nil),  // IE mobile example, last digit removed
    (input: "+3538501234565", region: "IE", status: "invalidForRegion", e164: nil, type: nil),  // IE mobile example, digit 5 appended
    (input: "+3532212345", region: "IE", status: "ok", e164: "+3532212345", type: "fixedLine"),  // IE fixed line example, E.164
    (input: "(022) 12345", region: "IE", status: "ok", e164: "+3532212345", type: "fixedLine"),  // IE fixed line example, national form
    (input: "+353221234", region: "IE", status: "invalidLengthTooShort", e164: nil, type: nil),  // IE fixed line example, last digit removed
    (input: "+35322123455", region: "IE", status: "invalidForRegion", e164: nil, type: nil),  // IE fixed line example, digit 5 appended
    (input: "+447924123456", region: "IM", status: "ok", e164: "+447924123456", type: "mobile"),  // IM mobile example, E.164
    (input: "07924 123456", region: "IM", status: "ok", e164: "+447924123456", type: "mobile"),  // IM mobile example, national form
    (input: "+44792412345", region: "IM", status: "invalidForRegion", e164: nil, type: nil),  // IM mobile example, last digit removed
    (input: "+4479241234565", region: "IM", status: "invalidLengthTooLong", e164: nil, type: nil),  // IM mobile example, digit 5 appended
    (input: "+441624756789", region: "IM", status: "ok", e164: "+441624756789", type: "fixedLine"),  // IM fixed line example, E.164
    (input: "01624 756789", region: "IM", status: "ok", e164: "+441624756789", type: "fixedLine"),  // IM fixed line example, national form
    (input: "+44162475678", region: "IM", status: "invalidForRegion", e164: nil, type: nil),  // IM fixed line example, last digit removed
    (input: "+4416247567895", region: "IM", status: "invalidLengthTooLong", e164: nil, type: nil),  // IM fixed line example, digit 5 appended
    (input: "+393123456789", region: "IT", status: "ok", e164: "+393123456789", type: "mobile"),  // IT mobile example, E.164
    (input: "312 345 6789", region: "IT", status: "ok", e164: "+393123456789", type: "mobile"),  // IT mobile example, national form
    (input: "+39312345678", region: "IT", status: "invalidForRegion", e164: nil, type: nil),  // IT mobile example, last digit removed
    (input: "+3931234567895", region: "IT", status: "invalidForRegion", e164: nil, type: nil),  // IT mobile example, digit 5 appended
    (input: "+390212345678", region: "IT", status: "ok", e164: "+390212345678", type: "fixedLine"),  // IT fixed line example, E.164
    (input: "02 1234 5678", region: "IT", status: "ok", e164: "+390212345678", type: "fixedLine"),  // IT fixed line example, national form
    (input: "+39021234567", region: "IT", status: "ok", e164: "+39021234567", type: "fixedLine"),  // IT fixed line example, last digit removed
    (input: "+3902123456785", region: "IT", status: "ok", e164: "+3902123456785", type: "fixedLine"),  // IT fixed line example, digit 5 appended
    (input: "+447797712345", region: "JE", status: "ok", e164: "+447797712345", type: "mobile"),  // JE mobile example, E.164
    (input: "07797 712345", region: "JE", status: "ok", e164: "+447797712345", type: "mobile"),  // JE mobile example, national form
    (input: "+44779771234", region: "JE", status: "invalidForRegion", e164: nil, type: nil),  // JE mobile example, last digit removed
    (input: "+4477977123455", region: "JE", status: "invalidLengthTooLong", e164: nil, type: nil),  // JE mobile example, digit 5 appended
    (input: "+441534456789", region: "JE", status: "ok", e164: "+441534456789", type: "fixedLine"),  // JE fixed line example, E.164
    (input: "01534 456789", region: "JE", status: "ok", e164: "+441534456789", type: "fixedLine"),  // JE fixed line example, national form
    (input: "+44153445678", region: "JE", status: "invalidForRegion", e164: nil, type: nil),  // JE fixed line example, last digit removed
    (input: "+4415344567895", region: "JE", status: "invalidLengthTooLong", e164: nil, type: nil),  // JE fixed line example, digit 5 appended
    (input: "+819012345678", region: "JP", status: "ok", e164: "+819012345678", type: "mobile"),  // JP mobile example, E.164
    (input: "090-1234-5678", region: "JP", status: "ok", e164: "+819012345678", type: "mobile"),  // JP mobile example, national form
    (input: "+81901234567", region: "JP", status: "invalidForRegion", e164: nil, type: nil),  // JP mobile example, last digit removed
    (input: "+8190123456785", region: "JP", status: "invalidForRegion", e164: nil, type: nil),  // JP mobile example, digit 5 appended
    (input: "+81312345678", region: "JP", status: "ok", e164: "+81312345678", type: "fixedLine"),  // JP fixed line example, E.164
    (input: "03-1234-5678", region: "JP", status: "ok", e164: "+81312345678", type: "fixedLine"),  // JP fixed line example, national form
    (input: "+8131234567", region: "JP", status: "invalidForRegion", e164: nil, type: nil),  // JP fixed line example, last digit removed
    (input: "+813123456785", region: "JP", status: "invalidForRegion", e164: nil, type: nil),  // JP fixed line example, digit 5 appended
    (input: "+352628123456", region: "LU", status: "ok", e164: "+352628123456", type: "mobile"),  // LU mobile example, E.164
    (input: "628 123 456", region: "LU", status: "ok", e164: "+352628123456", type: "mobile"),  // LU mobile example, national form
    (input: "+35262812345", region: "LU", status: "invalidForRegion", e164: nil, type: nil),  // LU mobile example, last digit removed
    (input: "+3526281234565", region: "LU", status: "invalidForRegion", e164: nil, type: nil),  // LU mobile example, digit 5 appended
    (input: "+35227123456", region: "LU", status: "ok", e164: "+35227123456", type: "fixedLine"),  // LU fixed line example, E.164
    (input: "27 12 34 56", region: "LU", status: "ok", e164: "+35227123456", type: "fixedLine"),  // LU fixed line example, national form
    (input: "+3522712345", region: "LU", status: "ok", e164: "+3522712345", type: "fixedLine"),  // LU fixed line example, last digit removed
    (input: "+352271234565", region: "LU", status: "ok", e164: "+352271234565", type: "fixedLine"),  // LU fixed line example, digit 5 appended
    (input: "+31612345678", region: "NL", status: "ok", e164: "+31612345678", type: "mobile"),  // NL mobile example, E.164
    (input: "06 12345678", region: "NL", status: "ok", e164: "+31612345678", type: "mobile"),  // NL mobile example, national form
    (input: "+3161234567", region: "NL", status: "invalidForRegion", e164: nil, type: nil),  // NL mobile example, last digit removed
    (input: "+316123456785", region: "NL", status: "invalidForRegion", e164: nil, type: nil),  // NL mobile example, digit 5 appended
    (input: "+31101234567", region: "NL", status: "ok", e164: "+31101234567", type: "fixedLine"),  // NL fixed line example, E.164
    (input: "010 123 4567", region: "NL", status: "ok", e164: "+31101234567", type: "fixedLine"),  // NL fixed line example, national form
    (input: "+3110123456", region: "NL", status: "invalidForRegion", e164: nil, type: nil),  // NL fixed line example, last digit removed
    (input: "+311012345675", region: "NL", status: "invalidForRegion", e164: nil, type: nil),  // NL fixed line example, digit 5 appended
    (input: "+4740612345", region: "NO", status: "ok", e164: "+4740612345", type: "mobile"),  // NO mobile example, E.164
    (input: "406 12 345", region: "NO", status: "ok", e164: "+4740612345", type: "mobile"),  // NO mobile example, national form
    (input: "+474061234", region: "NO", status: "invalidLength", e164: nil, type: nil),  // NO mobile example, last digit removed
    (input: "+47406123455", region: "NO", status: "invalidLengthTooLong", e164: nil, type: nil),  // NO mobile example, digit 5 appended
    (input: "+4721234567", region: "NO", status: "ok", e164: "+4721234567", type: "fixedLine"),  // NO fixed line example, E.164
    (input: "21 23 45 67", region: "NO", status: "ok", e164: "+4721234567", type: "fixedLine"),  // NO fixed line example, national form
    (input: "+472123456", region: "NO", status: "invalidLength", e164: nil, type: nil),  // NO fixed line example, last digit removed
    (input: "+47212345675", region: "NO", status: "invalidLengthTooLong", e164: nil, type: nil),  // NO fixed line example, digit 5 appended
    (input: "+6838884012", region: "NU", status: "ok", e164: "+6838884012", type: "mobile"),  // NU mobile example, E.164
    (input: "888 4012", region: "NU", status: "ok", e164: "+6838884012", type: "mobile"),  // NU mobile example, national form
    (input: "+683888401", region: "NU", status: "invalidLength", e164: nil, type: nil),  // NU mobile example, last digit removed
    (input: "+68388840125", region: "NU", status: "invalidLengthTooLong", e164: nil, type: nil),  // NU mobile example, digit 5 appended
    (input: "+6837012", region: "NU", status: "ok", e164: "+6837012", type: "fixedLine"),  // NU fixed line example, E.164
    (input: "7012", region: "NU", status: "ok", e164: "+6837012", type: "fixedLine"),  // NU fixed line example, national form
    (input: "+683701", region: "NU", status: "invalidLengthTooShort", e164: nil, type: nil),  // NU fixed line example, last digit removed
    (input: "+68370125", region: "NU", status: "invalidLength", e164: nil, type: nil),  // NU fixed line example, digit 5 appended
    (input: "+48512345678", region: "PL", status: "ok", e164: "+48512345678", type: "mobile"),  // PL mobile example, E.164
    (input: "512 345 678", region: "PL", status: "ok", e164: "+48512345678", type: "mobile"),  // PL mobile example, national form
    (input: "+4851234567", region: "PL", status: "invalidForRegion", e164: nil, type: nil),  // PL mobile example, last digit removed
    (input: "+485123456785", region: "PL", status: "invalidForRegion", e164: nil, type: nil),  // PL mobile example, digit 5 appended
    (input: "+48123456789", region: "PL", status: "ok", e164: "+48123456789", type: "fixedLine"),  // PL fixed line example, E.164
    (input: "12 345 67 89", region: "PL", status: "ok", e164: "+48123456789", type: "fixedLine"),  // PL fixed line example, national form
    (input: "+4812345678", region: "PL", status: "invalidForRegion", e164: nil, type: nil),  // PL fixed line example, last digit removed
    (input: "+481234567895", region: "PL", status: "invalidForRegion", e164: nil, type: nil),  // PL fixed line example, digit 5 appended
    (input: "+351912345678", region: "PT", status: "ok", e164: "+351912345678", type: "mobile"),  // PT mobile example, E.164
    (input: "912 345 678", region: "PT", status: "ok", e164: "+351912345678", type: "mobile"),  // PT mobile example, national form
    (input: "+35191234567", region: "PT", status: "invalidLengthTooShort", e164: nil, type: nil),  // PT mobile example, last digit removed
    (input: "+3519123456785", region: "PT", status: "invalidLengthTooLong", e164: nil, type: nil),  // PT mobile example, digit 5 appended
    (input: "+351212345678", region: "PT", status: "ok", e164: "+351212345678", type: "fixedLine"),  // PT fixed line example, E.164
    (input: "21 234 5678", region: "PT", status: "ok", e164: "+351212345678", type: "fixedLine"),  // PT fixed line example, national form
    (input: "+35121234567", region: "PT", status: "invalidLengthTooShort", e164: nil, type: nil),  // PT fixed line example, last digit removed
    (input: "+3512123456785", region: "PT", status: "invalidLengthTooLong", e164: nil, type: nil),  // PT fixed line example, digit 5 appended
    (input: "+40712034567", region: "RO", status: "ok", e164: "+40712034567", type: "mobile"),  // RO mobile example, E.164
    (input: "0712 034 567", region: "RO", status: "ok", e164: "+40712034567", type: "mobile"),  // RO mobile example, national form
    (input: "+4071203456", region: "RO", status: "invalidLength", e164: nil, type: nil),  // RO mobile example, last digit removed
    (input: "+407120345675", region: "RO", status: "invalidLengthTooLong", e164: nil, type: nil),  // RO mobile example, digit 5 appended
    (input: "+40211234567", region: "RO", status: "ok", e164: "+40211234567", type: "fixedLine"),  // RO fixed line example, E.164
    (input: "021 123 4567", region: "RO", status: "ok", e164: "+40211234567", type: "fixedLine"),  // RO fixed line example, national form
    (input: "+4021123456", region: "RO", status: "invalidLength", e164: nil, type: nil),  // RO fixed line example, last digit removed
    (input: "+402112345675", region: "RO", status: "invalidLengthTooLong", e164: nil, type: nil),  // RO fixed line example, digit 5 appended
    (input: "+46701234567", region: "SE", status: "ok", e164: "+46701234567", type: "mobile"),  // SE mobile example, E.164
    (input: "070-123 45 67", region: "SE", status: "ok", e164: "+46701234567", type: "mobile"),  // SE mobile example, national form
    (input: "+4670123456", region: "SE", status: "invalidForRegion", e164: nil, type: nil),  // SE mobile example, last digit removed
    (input: "+467012345675", region: "SE", status: "invalidForRegion", e164: nil, type: nil),  // SE mobile example, digit 5 appended
    (input: "+468123456", region: "SE", status: "ok", e164: "+468123456", type: "fixedLine"),  // SE fixed line example, E.164
    (input: "08-12 34 56", region: "SE", status: "ok", e164: "+468123456", type: "fixedLine"),  // SE fixed line example, national form
    (input: "+46812345", region: "SE", status: "invalidForRegion", e164: nil, type: nil),  // SE fixed line example, last digit removed
    (input: "+4681234565", region: "SE", status: "ok", e164: "+4681234565", type: "fixedLine"),  // SE fixed line example, digit 5 appended
    (input: "+421912123456", region: "SK", status: "ok", e164: "+421912123456", type: "mobile"),  // SK mobile example, E.164
    (input: "0912 123 456", region: "SK", status: "ok", e164: "+421912123456", type: "mobile"),  // SK mobile example, national form
    (input: "+42191212345", region: "SK", status: "invalidLength", e164: nil, type: nil),  // SK mobile example, last digit removed
    (input: "+4219121234565", region: "SK", status: "invalidLengthTooLong", e164: nil, type: nil),  // SK mobile example, digit 5 appended
    (input: "+421221234567", region: "SK", status: "ok", e164: "+421221234567", type: "fixedLine"),  // SK fixed line example, E.164
    (input: "02/212 345 67", region: "SK", status: "ok", e164: "+421221234567", type: "fixedLine"),  // SK fixed line example, national form
    (input: "+42122123456", region: "SK", status: "invalidLength", e164: nil, type: nil),  // SK fixed line example, last digit removed
    (input: "+4212212345675", region: "SK", status: "invalidLengthTooLong", e164: nil, type: nil),  // SK fixed line example, digit 5 appended
    (input: "+6907290", region: "TK", status: "ok", e164: "+6907290", type: "mobile"),  // TK mobile example, E.164
    (input: "7290", region: "TK", status: "ok", e164: "+6907290", type: "mobile"),  // TK mobile example, national form
    (input: "+690729", region: "TK", status: "invalidLengthTooShort", e164: nil, type: nil),  // TK mobile example, last digit removed
    (input: "+69072905", region: "TK", status: "ok", e164: "+69072905", type: "mobile"),  // TK mobile example, digit 5 appended
    (input: "+6903101", region: "TK", status: "ok", e164: "+6903101", type: "fixedLine"),  // TK fixed line example, E.164
    (input: "3101", region: "TK", status: "ok", e164: "+6903101", type: "fixedLine"),  // TK fixed line example, national form
    (input: "+690310", region: "TK", status: "invalidLengthTooShort", e164: nil, type: nil),  // TK fixed line example, last digit removed
    (input: "+69031015", region: "TK", status: "ok", e164: "+69031015", type: "fixedLine"),  // TK fixed line example, digit 5 appended
    (input: "+12015550123", region: "US", status: "ok", e164: "+12015550123", type: "fixedLineOrMobile"),  // US mobile example, E.164
    (input: "(201) 555-0123", region: "US", status: "ok", e164: "+12015550123", type: "fixedLineOrMobile"),  // US mobile example, national form
    (input: "+1201555012", region: "US", status: "invalidLengthTooShort", e164: nil, type: nil),  // US mobile example, last digit removed
    (input: "+120155501235", region: "US", status: "invalidLengthTooLong", e164: nil, type: nil),  // US mobile example, digit 5 appended
    (input: "555 0123", region: "US", status: "invalidLengthTooShort", e164: nil, type: nil),  // 7 digits: only diallable locally (no area code)
    (input: "+24790123", region: nil, status: "invalidForRegion", e164: nil, type: nil),  // Ascension, 5-digit number starting with 9
    (input: "+36301234567", region: nil, status: "ok", e164: "+36301234567", type: "mobile"),  // Hungarian mobile
    (input: "+4915123456789", region: nil, status: "ok", e164: "+4915123456789", type: "mobile"),  // German mobile
    (input: "+1 202 555 0123", region: nil, status: "ok", e164: "+12025550123", type: "fixedLineOrMobile"),  // US, 555 number
    (input: "00 36 30 123 4567", region: nil, status: "invalidCountryCode", e164: nil, type: nil),  // '00' prefix without a region
    (input: "", region: nil, status: "notANumber", e164: nil, type: nil),  // empty
    (input: "abc", region: nil, status: "notANumber", e164: nil, type: nil),  // letters only
    (input: "+999 123456", region: nil, status: "invalidCountryCode", e164: nil, type: nil),  // unassigned calling code
    (input: "+49 1", region: nil, status: "tooShortNsn", e164: nil, type: nil),  // one-digit national number
    (input: "+49 123456789012345678", region: nil, status: "tooLong", e164: nil, type: nil),  // 18-digit national number
]
