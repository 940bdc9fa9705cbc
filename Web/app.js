document.querySelector('#app').dataset.ready = 'yes';
