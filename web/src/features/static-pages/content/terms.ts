import type { Section } from './types';

export const TERMS_UPDATED: string = '1 de noviembre de 2026';

export const TERMS_SECTIONS: Section[] = [
  {
    title: 'Aceptación de estos términos',
    paragraphs: [
      'Estos Términos y Condiciones regulan el uso de Casa y Manos, una plataforma web que conecta a familias y empresas con personas que trabajan en tareas del hogar y de cuidado en la República Argentina.',
      'Al crear una cuenta, navegar la plataforma o pagar una membresía, aceptás estos términos y nuestra Política de Privacidad. Si no estás de acuerdo con alguna parte, te pedimos que no uses el servicio.',
    ],
  },
  {
    title: 'Quiénes somos',
    paragraphs: [
      'Casa y Manos es un servicio digital de intermediación. Los datos de identificación del titular de la plataforma y los canales de atención están publicados en la sección de Contacto del sitio.',
      'Cuando en estos términos decimos "nosotros" o "la plataforma", nos referimos a Casa y Manos. Cuando decimos "vos" o "usuario", nos referimos a cualquier persona que use el sitio.',
    ],
  },
  {
    title: 'Definiciones',
    paragraphs: ['Para que todo quede claro, usamos estas palabras con el siguiente sentido:'],
    bullets: [
      'Trabajador o trabajadora: persona que se registra para ofrecer sus servicios de limpieza, cuidado, cocina u otras tareas del hogar o comerciales.',
      'Empleador o empleadora: familia, persona o empresa que se registra para buscar y contactar trabajadores.',
      'Perfil: la ficha pública de cada trabajador, con sus datos, presentación, servicios y modalidad de trabajo.',
      'Membresía: el acceso pago que habilita al empleador a usar las funciones completas de la plataforma.',
      'Oferta de empleo: el aviso que un empleador publica para describir un puesto que quiere cubrir.',
    ],
  },
  {
    title: 'Qué ofrece la plataforma',
    paragraphs: [
      'Casa y Manos permite que los trabajadores publiquen su perfil sin costo y que los empleadores, una vez que pagan su membresía, puedan ver la base completa de perfiles, chatear con los trabajadores y publicar ofertas de empleo.',
      'El servicio se presta en línea y está disponible para usuarios de todas las provincias del país. Podemos sumar, cambiar o quitar funciones para mejorar la plataforma, avisando cuando el cambio afecte algo que ya pagaste.',
    ],
  },
  {
    title: 'Casa y Manos no es el empleador',
    paragraphs: [
      'La plataforma actúa solamente como intermediaria: facilita que las personas se encuentren y se comuniquen. No contratamos trabajadores, no pagamos sueldos, no damos órdenes de trabajo ni formamos parte de la relación laboral que se acuerde.',
      'Cualquier relación de trabajo que surja a partir de un contacto en la plataforma se establece directamente entre el empleador y el trabajador, y ambos son los únicos responsables de cumplir con las obligaciones que la ley les impone.',
    ],
  },
  {
    title: 'Quiénes pueden registrarse',
    paragraphs: [
      'Para usar la plataforma tenés que ser mayor de 18 años y tener capacidad legal para contratar. Las empresas deben registrarse a través de una persona autorizada para representarlas.',
      'Cada persona puede tener una sola cuenta. No se permite registrarse con datos de otra persona ni crear cuentas para terceros sin su autorización.',
    ],
  },
  {
    title: 'Tu cuenta y tu contraseña',
    paragraphs: [
      'Sos responsable de cuidar tu contraseña y de todo lo que se haga desde tu cuenta. No la compartas con nadie: el equipo de Casa y Manos nunca te la va a pedir.',
      'Si notás un uso de tu cuenta que no reconocés, avisanos enseguida por los canales de soporte para que podamos ayudarte a protegerla.',
    ],
  },
  {
    title: 'Registro de trabajadores',
    paragraphs: [
      'Registrarse como trabajador es gratis y no tiene costos ocultos. Solo tenés que completar tus datos personales, una presentación breve, los servicios que ofrecés y la modalidad en la que querés trabajar.',
      'Tu perfil se muestra a los empleadores cuando está completo. Podés editarlo, pausarlo o darlo de baja cuando quieras desde tu cuenta.',
    ],
  },
  {
    title: 'Registro de empleadores y membresía',
    paragraphs: [
      'Los empleadores pueden registrarse gratis para conocer la plataforma, pero para ver la base completa de trabajadores y contactarlos necesitan una membresía activa.',
      'La membresía incluye acceso a todos los perfiles disponibles, chat ilimitado con los trabajadores, la posibilidad de publicar hasta dos ofertas de empleo y atención prioritaria del equipo de soporte. La duración y las condiciones de cada plan se informan antes de pagar.',
    ],
  },
  {
    title: 'Arancel para empleadores',
    paragraphs: [
      'El acceso para empleadores tiene un arancel fijo de $40.000 (cuarenta mil pesos argentinos), impuestos incluidos, salvo que en la pantalla de pago se indique otra cosa.',
      'Este valor puede cambiar en el futuro. El precio que corresponde a tu compra es siempre el que se muestra en la plataforma en el momento de pagar, y cualquier cambio rige solo para compras o renovaciones posteriores a su publicación.',
    ],
  },
  {
    title: 'Medios de pago',
    paragraphs: [
      'Podés pagar con tarjeta a través de MercadoPago o por transferencia bancaria a la cuenta que te indicamos al momento de la compra.',
      'Los pagos con tarjeta son procesados por MercadoPago según sus propias condiciones; Casa y Manos no guarda los datos de tu tarjeta. En el caso de las transferencias, la membresía se activa cuando confirmamos la acreditación del dinero, lo que puede demorar hasta 48 horas hábiles.',
    ],
  },
  {
    title: 'Pagos no reembolsables',
    paragraphs: [
      'Los pagos realizados en Casa y Manos no son reembolsables. Una vez activada la membresía, no se devuelve el dinero si decidís no usarla, si no encontrás a la persona que buscabas o si dejás de necesitar el servicio.',
      'Esto no afecta los derechos que te reconoce la ley: el derecho de revocación que explicamos en la sección Derechos del consumidor y tu derecho a reclamar por cobros duplicados o errores de facturación, que vamos a revisar y corregir.',
    ],
  },
  {
    title: 'Publicación de ofertas de empleo',
    paragraphs: [
      'Con una membresía activa podés tener publicadas hasta dos ofertas de empleo al mismo tiempo. Cada oferta debe describir un puesto real, con tareas, horarios, zona y condiciones claras.',
      'Las ofertas tienen que respetar la legislación laboral vigente. Podemos pausar o quitar las que ofrezcan condiciones ilegales, pidan pagos a los postulantes o resulten engañosas.',
    ],
  },
  {
    title: 'Chat y comunicaciones',
    paragraphs: [
      'El chat de la plataforma sirve para que empleadores y trabajadores se conozcan, hagan preguntas y coordinen entrevistas. Te pedimos que lo uses con respeto y solo para fines relacionados con el trabajo.',
      'Para cuidar la seguridad de todos, podemos revisar conversaciones cuando recibimos una denuncia o detectamos un uso indebido, siempre de acuerdo con nuestra Política de Privacidad.',
    ],
  },
  {
    title: 'Contenido que publican los usuarios',
    paragraphs: [
      'Cada usuario es responsable de lo que publica: textos, fotos, datos de contacto y mensajes. Al subir contenido, nos autorizás a mostrarlo dentro de la plataforma con el único fin de prestar el servicio.',
      'No está permitido publicar contenido falso, ofensivo, discriminatorio, sexual, violento o que viole derechos de terceros. Podemos quitar ese contenido sin aviso previo.',
    ],
  },
  {
    title: 'Veracidad de la información',
    paragraphs: [
      'Te comprometés a dar información verdadera, completa y actualizada. Revisamos los perfiles para detectar datos incompletos o sospechosos, pero no podemos garantizar la exactitud de todo lo que declaran los usuarios.',
      'Por eso recomendamos siempre pedir y verificar referencias, conocer a la persona en una entrevista y chequear su documentación antes de acordar un trabajo.',
    ],
  },
  {
    title: 'Obligaciones del empleador',
    paragraphs: [
      'Si contratás a alguien para tareas en tu casa, la relación se rige por la Ley 26.844 de Régimen Especial de Contrato de Trabajo para el Personal de Casas Particulares, o por la normativa laboral que corresponda en el caso de empresas.',
      'Como empleador sos responsable de registrar a la persona ante ARCA (ex AFIP), pagar al menos el salario mínimo fijado para su categoría, ingresar los aportes y contribuciones, contratar la cobertura de riesgos del trabajo y entregar los recibos de sueldo.',
    ],
    bullets: [
      'Registrar la relación laboral desde el primer día.',
      'Respetar la jornada, los descansos, las vacaciones y el aguinaldo.',
      'Brindar un ambiente de trabajo seguro, digno y libre de violencia.',
    ],
  },
  {
    title: 'Compromisos de los trabajadores',
    paragraphs: [
      'Los trabajadores se comprometen a describir con honestidad su experiencia, sus referencias y los servicios que pueden brindar, y a responder los mensajes con respeto.',
      'Si acordás un trabajo, es importante que conozcas tus derechos: tenés derecho a estar registrado, a cobrar tu sueldo con recibo y a contar con cobertura ante accidentes de trabajo.',
    ],
  },
  {
    title: 'Conductas prohibidas',
    paragraphs: ['Para que la plataforma sea un lugar confiable, no está permitido:'],
    bullets: [
      'Pedir o cobrar dinero por adelantado a cambio de un puesto de trabajo.',
      'Ofrecer trabajos ilegales, no registrados a sabiendas o con condiciones abusivas.',
      'Acosar, amenazar o insultar a otros usuarios.',
      'Copiar, descargar en forma masiva o revender datos de la plataforma.',
      'Usar la plataforma para publicidad, spam o fines distintos a la búsqueda de trabajo.',
    ],
  },
  {
    title: 'No discriminación',
    paragraphs: [
      'En Casa y Manos no aceptamos ningún tipo de discriminación por género, orientación sexual, edad, nacionalidad, origen étnico, religión, discapacidad, opiniones políticas o cualquier otra condición, de acuerdo con la Ley 23.592.',
      'Las ofertas de empleo y los mensajes que contengan requisitos o expresiones discriminatorias serán eliminados y la cuenta podrá ser suspendida.',
    ],
  },
  {
    title: 'Datos personales',
    paragraphs: [
      'Tratamos tus datos personales según la Ley 25.326 de Protección de los Datos Personales y lo que explicamos en nuestra Política de Privacidad.',
      'Podés pedir el acceso, la rectificación o la eliminación de tus datos cuando lo necesites. La Agencia de Acceso a la Información Pública es el organismo de control de esta ley.',
    ],
  },
  {
    title: 'Propiedad intelectual',
    paragraphs: [
      'La marca Casa y Manos, el diseño del sitio, los textos, el logo y el software son de nuestra titularidad o los usamos con autorización. No podés copiarlos, modificarlos ni usarlos con fines comerciales sin nuestro permiso por escrito.',
    ],
  },
  {
    title: 'Límites de nuestra responsabilidad',
    paragraphs: [
      'Trabajamos para que la plataforma funcione bien y sea segura, pero no garantizamos que vayas a encontrar un trabajo o una persona para contratar, ni respondemos por lo que los usuarios acuerden, hagan o dejen de hacer fuera de la plataforma.',
      'Tampoco somos responsables por interrupciones causadas por fallas técnicas ajenas, tareas de mantenimiento o hechos de fuerza mayor. Nada de lo dicho en esta sección limita los derechos que te otorga la Ley 24.240 de Defensa del Consumidor.',
    ],
  },
  {
    title: 'Suspensión y baja de cuentas',
    paragraphs: [
      'Podemos suspender o dar de baja una cuenta si se incumplen estos términos, si hay denuncias fundadas o si detectamos un uso fraudulento. Cuando sea posible, te vamos a avisar y explicar el motivo.',
      'También podés dar de baja tu cuenta cuando quieras desde la configuración o escribiéndonos. La baja no genera devolución de pagos ya realizados, salvo en los casos previstos por la ley.',
    ],
  },
  {
    title: 'Derechos del consumidor',
    paragraphs: [
      'Los empleadores que contratan la membresía como consumidores están protegidos por la Ley 24.240 de Defensa del Consumidor. Podés ejercer el derecho de revocación dentro de los 10 días corridos desde la compra, según el artículo 34 de esa ley, usando el botón de arrepentimiento o escribiéndonos por los canales de soporte.',
      'Si tenés un reclamo, podés presentarlo ante nosotros y, si no quedás conforme con la respuesta, ante la autoridad de defensa del consumidor de tu jurisdicción o en la Ventanilla Única Federal de Defensa del Consumidor.',
    ],
  },
  {
    title: 'Cambios en estos términos',
    paragraphs: [
      'Podemos actualizar estos términos para reflejar cambios en el servicio o en la ley. La fecha de la última actualización figura al principio de esta página.',
      'Si el cambio es importante, te vamos a avisar por correo electrónico o con un aviso en la plataforma. Si seguís usando Casa y Manos después de la actualización, se entiende que aceptás la nueva versión.',
    ],
  },
  {
    title: 'Ley aplicable, jurisdicción y contacto',
    paragraphs: [
      'Estos términos se rigen por las leyes de la República Argentina. Ante cualquier conflicto, intervendrán los tribunales competentes según las normas de defensa del consumidor, que en general son los de tu domicilio.',
      'Si tenés dudas sobre estos términos, escribinos a través de la sección de Contacto. Respondemos todas las consultas dentro de las 48 horas hábiles.',
    ],
  },
];
