import type { Language } from "../../../contracts/common";

/** Platform-default terms of use (plain text, paragraphs separated by blank lines). */
export const TERMS: Record<Language, string> = {
  es: [
    "Condiciones de uso",
    "Al acceder a la plataforma acepta estas condiciones. La plataforma se ofrece a centros educativos, docentes y alumnado para enseñar y aprender. Su cuenta es personal e intransferible: mantenga su contraseña en secreto y avise a su centro si sospecha que alguien la conoce.",
    "Uso adecuado: utilice la plataforma con fines educativos y con respeto hacia las demás personas. No publique contenidos ilícitos, ofensivos o que vulneren derechos de terceros, no intente acceder a cuentas o datos ajenos y no altere el funcionamiento del servicio.",
    "Contenidos: los libros, programas y recursos de la editorial están protegidos por la propiedad intelectual y se licencian solo para su uso educativo durante el periodo de la licencia. Lo que usted crea sigue siendo suyo; nos autoriza a alojarlo y a mostrarlo a las personas con las que lo comparte.",
    "Inteligencia artificial: las respuestas del asistente y de las herramientas docentes se generan automáticamente y pueden contener errores. El profesorado debe revisarlas antes de usarlas con su alumnado.",
    "Servicio y cambios: trabajamos para que la plataforma esté siempre disponible, aunque puede haber interrupciones por mantenimiento. Podemos actualizar estas condiciones y le avisaremos de los cambios importantes. Se rigen por la legislación del país de la edición contratada. Para cualquier duda, escriba a support@aula.example.",
  ].join("\n\n"),
  ca: [
    "Condicions d'ús",
    "En accedir a la plataforma accepteu aquestes condicions. La plataforma s'ofereix a centres educatius, docents i alumnat per a ensenyar i aprendre. El vostre compte és personal i intransferible: manteniu la contrasenya en secret i aviseu el vostre centre si sospiteu que algú la coneix.",
    "Ús adequat: utilitzeu la plataforma amb finalitats educatives i amb respecte cap a les altres persones. No publiqueu continguts il·lícits, ofensius o que vulneren drets de tercers, no intenteu accedir a comptes o dades d'altres persones i no altereu el funcionament del servei.",
    "Continguts: els llibres, programes i recursos de l'editorial estan protegits per la propietat intel·lectual i es llicencien només per a l'ús educatiu durant el període de la llicència. El que creeu continua sent vostre; ens autoritzeu a allotjar-ho i a mostrar-ho a les persones amb qui ho compartiu.",
    "Intel·ligència artificial: les respostes de l'assistent i de les eines docents es generen automàticament i poden contindre errors. El professorat les ha de revisar abans d'utilitzar-les amb l'alumnat.",
    "Servei i canvis: treballem perquè la plataforma estiga sempre disponible, encara que hi pot haver interrupcions per manteniment. Podem actualitzar aquestes condicions i us avisarem dels canvis importants. Es regeixen per la legislació del país de l'edició contractada. Per a qualsevol dubte, escriviu a support@aula.example.",
  ].join("\n\n"),
  eu: [
    "Erabilera-baldintzak",
    "Plataforman sartzean baldintza hauek onartzen dituzu. Plataforma ikastetxeei, irakasleei eta ikasleei eskaintzen zaie, irakasteko eta ikasteko. Zure kontua pertsonala eta besterenezina da: gorde pasahitza isilpean eta jakinarazi zure ikastetxeari norbaitek ezagutzen duela susmatzen baduzu.",
    "Erabilera egokia: erabili plataforma hezkuntza-helburuekin eta besteekiko errespetuz. Ez argitaratu eduki ilegalik, iraingarririk edo hirugarrenen eskubideak urratzen dituenik, ez saiatu besteen kontuetan edo datuetan sartzen eta ez aldatu zerbitzuaren funtzionamendua.",
    "Edukiak: argitaletxearen liburuak, programak eta baliabideak jabetza intelektualak babestuta daude, eta lizentziaren epean hezkuntza-erabilerarako soilik ematen dira. Zuk sortzen duzuna zurea da; baimena ematen diguzu hura ostatatzeko eta partekatzen duzun pertsonei erakusteko.",
    "Adimen artifiziala: laguntzailearen eta irakasle-tresnen erantzunak automatikoki sortzen dira eta akatsak izan ditzakete. Irakasleek berrikusi egin behar dituzte ikasleekin erabili aurretik.",
    "Zerbitzua eta aldaketak: plataforma beti erabilgarri egon dadin lan egiten dugu, baina mantentze-lanengatik etenaldiak egon daitezke. Baldintza hauek egunera ditzakegu, eta aldaketa garrantzitsuen berri emango dizugu. Kontratatutako edizioaren herrialdeko legeria aplikatzen zaie. Zalantzarik baduzu, idatzi support@aula.example helbidera.",
  ].join("\n\n"),
  en: [
    "Terms of use",
    "By using the platform you accept these terms. The platform is offered to schools, teachers and students for teaching and learning. Your account is personal and may not be shared: keep your password secret and tell your school if you think someone else knows it.",
    "Acceptable use: use the platform for educational purposes and treat other people with respect. Do not post unlawful or offensive content or content that infringes the rights of others, do not try to access other people's accounts or data, and do not interfere with the service.",
    "Content: the publisher's books, programmes and resources are protected by copyright and licensed only for educational use during the licence period. What you create remains yours; you allow us to host it and to show it to the people you share it with.",
    "Artificial intelligence: answers from the assistant and the teacher tools are generated automatically and may contain mistakes. Teachers should review them before using them with their students.",
    "Service and changes: we work to keep the platform available, although maintenance may cause interruptions. We may update these terms and will tell you about important changes. They are governed by the law of the country of the edition your school uses. For any question, write to support@aula.example.",
  ].join("\n\n"),
  pt: [
    "Termos de uso",
    "Ao acessar a plataforma você aceita estes termos. A plataforma é oferecida a escolas, professores e alunos para ensinar e aprender. Sua conta é pessoal e intransferível: mantenha sua senha em segredo e avise sua escola se suspeitar que outra pessoa a conhece.",
    "Uso adequado: use a plataforma para fins educacionais e com respeito às outras pessoas. Não publique conteúdos ilícitos, ofensivos ou que violem direitos de terceiros, não tente acessar contas ou dados de outras pessoas e não interfira no funcionamento do serviço.",
    "Conteúdos: os livros, programas e recursos da editora são protegidos por direitos autorais e licenciados apenas para uso educacional durante o período da licença. O que você cria continua sendo seu; você nos autoriza a hospedá-lo e a exibi-lo às pessoas com quem o compartilha.",
    "Inteligência artificial: as respostas do assistente e das ferramentas do professor são geradas automaticamente e podem conter erros. Os professores devem revisá-las antes de usá-las com seus alunos.",
    "Serviço e alterações: trabalhamos para manter a plataforma disponível, embora possa haver interrupções para manutenção. Podemos atualizar estes termos e avisaremos sobre mudanças importantes. Eles são regidos pela legislação do país da edição contratada. Em caso de dúvida, escreva para support@aula.example.",
  ].join("\n\n"),
};
