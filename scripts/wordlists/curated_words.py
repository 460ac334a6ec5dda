"""Curated common-word lists (MIT, this project): medications, function, clinical and English
words, and the words forced in or out of ``common_words.txt``.

Why curated: capitalised in notes and absent from the name lists, these would otherwise look
like surnames; wordfreq and german-nouns alone miss or misfile them.
"""

from __future__ import annotations

#: Medications (INN and common Austrian/German brand names), drug classes and more clinical
#: nouns. Capitalized in notes and unknown to name lists, they would otherwise look like
#: surnames after "Dr. X" or "Pat.". General vocabulary, curated for this project.
MEDICATIONS = """
acc acetylsalicylsäure aceclofenac aciclovir actrapid adalat adenosin adrenalin aerius alendronat
allopurinol alprazolam amantadin amiodaron amitriptylin amlodipin amoxicillin amoxiclav ampicillin
anastrozol antazida antiarrhythmika antibiotika antidepressiva antidiabetika antiemetika antihistaminika
antihypertensiva antikoagulanzien antikonvulsiva apixaban aprovel aricept aripiprazol arixtra aspirin
atacand atenolol atorvastatin atropin augmentin azathioprin azithromycin baclofen beloc betablocker
betahistin bicalutamid bisoprolol bromazepam budesonid bumetanid buprenorphin buscopan candesartan
captopril carbamazepin carvedilol cefazolin cefuroxim ceftriaxon cetirizin ciprofloxacin citalopram
clarithromycin clexane clindamycin clonazepam clonidin clopidogrel colchicin concor cordarex
cortison cotrim cymbalta dabigatran dafalgan dancor dapagliflozin daflon decortin deflamat dexamethason
diazepam diclofenac digimerck digitoxin digoxin diltiazem diovan dipyridamol diuretika diuretikum
dobutamin dominal donepezil doxazosin doxycyclin duloxetin edoxaban efient eliquis empagliflozin
enalapril enoxaparin entresto eplerenon eprosartan erythromycin escitalopram esomeprazol eutirox
euthyrox ezetimib famotidin felodipin fenistil fentanyl finasterid flecainid fluconazol fluoxetin
fluticason forxiga fosinopril fragmin furosemid gabapentin glibenclamid gliclazid glimepirid
haldol haloperidol heparin hydrochlorothiazid hydrocortison hydromorphon ibuprofen indapamid
insulin irbesartan isosorbid ivabradin jardiance janumet januvia kalinor kaliumchlorid ketoprofen
lamotrigin lansoprazol lantus lasix lercanidipin levemir levetiracetam levofloxacin levothyroxin
lisinopril lixiana lorazepam losartan lyrica macrogol magnesium marcoumar marcumar meloxicam
metamizol metformin methotrexat methylprednisolon metoclopramid metohexal metoprolol metronidazol
mirtazapin molsidomin morphin movicol moxonidin nebivolol nexium nifedipin nitrendipin nitroglycerin
nitrolingual nitrofurantoin noax novalgin novaminsulfon novorapid olanzapin olmesartan omeprazol
ondansetron oxazepam oxycodon oxycontin pantoloc pantoprazol paracetamol paroxetin penicillin
perindopril phenprocoumon piritramid plavix pradaxa pramipexol prasugrel pravastatin prednisolon
prednison pregabalin propafenon propofol propranolol quetiapin ramipril ranolazin ranexa rasilez
risperidon rivaroxaban rosuvastatin salbutamol sacubitril seroquel sertralin sildenafil simvastatin
sintrom sitagliptin sotalol spiriva spironolacton statin statine sucralfat sultanol symbicort
tamsulosin tapentadol targin telmisartan temesta terbutalin thiamazol ticagrelor tilidin tiotropium
torasemid torem tramadol tramal trazodon tresiba trittico valproat valsartan venlafaxin verapamil
vitamin voltaren warfarin xarelto zolpidem zopiclon
bradykardie dekompensation diurese dyspnoe exsikkose hyperkaliämie hypokaliämie hypotonie hypertonie
kardiomyopathie nykturie orthopnoe palpitationen synkope tachykardie vorhofflimmern herzinsuffizienz
belastungsdyspnoe ruhedyspnoe unterschenkelödeme beinödeme knöchelödeme pleuraerguss stauung
sauerstoffsättigung sättigung herzfrequenz blutdruckwerte gewichtszunahme gewichtsabnahme trinkmenge
harnmenge ausscheidungsmenge flüssigkeitsbilanz flüssigkeitszufuhr einfuhr ausfuhr schwindel
"""

#: German function words (prepositions, conjunctions, pronouns, articles, particles, common
#: adverbs). Capitalized at the start of a sentence; some are also listed given names (Seit).
FUNCTION_WORDS = """
ab aber allein alle allem allen aller alles als also am an andere anderen anders anfangs auch auf
aus außer außerdem bald bei beide beiden beim bereits besonders bevor bin bis bisher bislang bist
bitte bzw da dabei dadurch dafür dagegen daher damals damit danach daneben dann daran darauf daraus
darin darüber darum darunter das dass dazu dein deine dem demnach den denen denn dennoch der deren
derzeit des deshalb dessen dich die dies diese diesem diesen dieser dieses dir doch dort du durch
eben ebenfalls ebenso eher ein eine einem einen einer eines einige einmal einzig er erst erstmals
es etwa etwas euch euer falls fast ferner fort früher für gar gegen gemäß genau gerade gern gestern
ggf gleich gut hat hatte heute hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im immer
in indem infolge inkl innerhalb ins insgesamt inzwischen irgendwie ist ja je jede jedem jeden jeder
jedes jedoch jemand jetzt kaum kein keine keinem keinen keiner laut leider man manchmal mehr mehrmals
mein meine meist meistens mich mir mit mittags morgen morgens nach nachdem nachher nachmittags nachts
neben nein nicht nichts nie noch nun nur ob oben oder ohne oft per pro schon sehr sei seid sein seine
seinem seinen seiner seit seitdem seither selbst sich sie sind so sodass sofort sogar solange somit
sondern sonst sowie sowohl später statt stets trotz trotzdem um und uns unser unsere unten unter
viel viele vielleicht vom von vor vorab vorher vormittags während wann war waren warum was weder
weil weiter weiterhin welche welcher wenig wenn wer werden wie wieder wir wird wo wobei wohl wurde
wurden zu zuerst zufolge zuletzt zum zumal zur zurzeit zusammen zuvor zwar zwischen
"""

#: Lower-case German words from clinical notes (terms, weekdays, occupations, relatives).
CLINICAL_WORDS = """
abdomen abendmedikation abklärung ablehnung abstrich abszess adipositas allergie ambulanz
anamnese anämie anästhesie angehörige angehöriger angina angst anordnung anruf anrufe ansprechpartner
antibiose antibiotikum antikoagulation aorta appetit arterie arzt arztbrief ärztin ärztliche
arztgespräch aspiration atemnot atmung aufenthalt aufklärung aufnahme aufnahmebefund augen
ausfluss auskultation ausscheidung aussehen bad bauch bauchschmerzen becken befinden befund
befunde begleitung behandlung bein beine beratung beschwerden besuch besuche besucher besuchszeit
bett bettruhe bewegung bewusstsein bewusstseinslage bilanz bildgebung biopsie blase blässe
blut blutabnahme blutbild blutdruck blutung blutzucker brief bronchitis brust brustschmerz
bypass chemotherapie chirurgie computertomographie darm dauerkatheter dekubitus delir demenz
depression diabetes diagnose diagnostik dialyse diarrhoe diät dienst dienstarzt dosierung
dosis drainage druck durchfall dysphagie dyspnoe echo echokardiographie einnahme einweisung
ekg embolie empfehlung entlassung entlassungsbrief entzündung erbrechen ergebnis ergotherapie
ernährung erythem essen exsikkose fallbesprechung familie fieber flüssigkeit fraktur frühstück
gangbild gastroskopie geburt gedächtnis gefäß gehstock gelenk gespräch gesundheit gewicht
gipsverband glukose hämoglobin harn harnwegsinfekt haut hausarzt hausärztin heim heimhilfe
herz herzinfarkt herzinsuffizienz herzkatheter hilfe hüfte husten hypertonie hypotonie
infekt infektion infusion injektion insulin intensivstation internist intubation ischämie
kalium kardiologie katheter klinik knie knöchel kolitis koloskopie kompression konsil
kontrolle kopf kopfschmerz kopfschmerzen körper kost kostform krampf krankenhaus krankheit
kreatinin kreislauf labor laborwerte lagerung leber leukozyten lunge lungenembolie magen
mammographie medikament medikamente medikation mittagessen mobilisation mobilität morgenmedikation
mrt müdigkeit mund mundpflege nachtdienst nacht nachtruhe nahrung narkose nebenwirkung
nephrologie neurologie niere nierenfunktion notaufnahme notfall notarzt nüchtern oberarzt
oberärztin ödem ödeme onkologie operation orientierung orthopädie oxygenierung pankreas
patient patientin patienten patientinnen pflege pflegedienst pflegeheim pflegekraft pflegeperson
pflegepersonal physiotherapie pneumonie port primar primaria prognose prophylaxe psyche
psychiatrie puls punktion radiologie reanimation rehabilitation reha reflux rezept rollator
rollstuhl röntgen rücken rückenschmerzen rücksprache ruhe sauerstoff schlaf schlaganfall
schluckakt schmerz schmerzen schmerzmittel schulter schwäche schwindel schwester sedierung
sepsis sonographie sonde spaziergang spital sprache sputum station stationär status stent
stoffwechsel stuhl stuhlgang sturz sturzgefahr symptom symptome tablette tabletten tagesklinik
temperatur termin termine therapeut therapeutin therapie thorax thrombose thrombozyten
transfusion transport turnus turnusarzt übelkeit überwachung ultraschall umgebung unfall
unruhe untersuchung urin verband verbandswechsel verdacht verlauf verlegung verletzung
versorgung verstopfung verwirrtheit visite vitalparameter vitalzeichen vorgeschichte
wunde wundversorgung zimmer zucker zustand zyanose
akut allergisch ambulant beidseits bettlägerig chronisch dyspnoisch fieberfrei gebessert
kardial links mobil orientiert postoperativ präoperativ rechts schmerzfrei stabil subfebril
unauffällig verwirrt wach
montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende feiertag vormittag
nachmittag abend morgen mittag
arbeiter arbeiterin bäcker lehrer lehrerin maler metzger pensionist pensionistin pfleger
pflegerin wirt
kollege kollegin kollegen kolleginnen chef chefin sohn tochter ehefrau ehemann gattin gatte
mutter vater bruder schwester oma opa enkel enkelin nichte neffe tante onkel nachbar nachbarin
lebensgefährte lebensgefährtin sachwalter sachwalterin erwachsenenvertreter rumpf
"""

#: English words common in (bilingual) notes.
ENGLISH_WORDS = """
about after again all and any assessment back bad before better bilateral blood call care
case check chest chronic consult daily day discharge done dose down emergency evening exam
family fever fine first follow for from good heart help history home if impression in info
is issue labs last left meeting mild moderate morning new next night no none normal not note
now of off ok okay on out pain pending phone plan please pressure rate referral report
result results review right routine scan see severe since stable status summary team test
the therapy to today tomorrow treatment up update urgent visit ward week weight with yes
yesterday
"""

#: Lower-case function words, adverbs, adjectives and verbs that also occur as names in
#: some list; listed so that the name filter never removes them from common_words.
NAME_LIKE_COMMON_WORDS = """
aber alle als alt alte alter am an anno anti auch auf aus bald bei beim bis bitte braun bürger
da dank danke das dass dem den denn der des die doch dort du ein eine einem einen einer eines er
ergo es frei fröhlich froh gern gerne gestern gleich groß gross gut hat heute hier hoch ich ihr
im in ist ja je jetzt jung kann klein kurz lang lange leider lies mag mal man mehr mit morgen
nach neu nicht noch nun nur ob oder ohne rasch reich ruhig schön schwarz sehr sie sind so stark
stolz tue um und uns viel voll vom von vor wann war was weiß weiss wenig wer wie wieder will
wild wir wo zu zum zur
koch bauer wolf herz rumpf
"""

#: Words the rules above would keep that are, in notes, almost always given names.
NEVER_COMMON_WORDS = "ken mari marie nikolaus"
