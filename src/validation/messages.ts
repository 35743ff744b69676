/** The messages of spec section 5 (and 8) that are not tied to one format, as written there. */
export const messages = {
  required: 'Campo requerido',
  checkData: 'Por favor, valida la información',
  duiInvalid: 'El DUI ingresado no es válido',
  duiIncorrect: 'DUI incorrecto! Favor ingresa un DUI valido.',
  dateInvalid: 'Fecha inválido',
  otpExpired: 'Tu código ha expirado, solicita uno nuevo',
  otpWrong: 'Tu código es incorrecto, inténtalo de nuevo',
  phoneExists: 'el número de teléfono ya existe',
  emailExists: 'la identificación de correo electrónico ya existe',
  noActivationCost: 'No hay información de cargo de instalación con la cantidad de meses seleccionada, elige otra opción',
} as const;
